import { db } from "../dynamo/service";
import { mayTouchJob, writtenPartitionKeys } from "./job-cache";

const renderJobId = "Render-7F3A";

describe("writtenPartitionKeys", () => {
  it("finds the job in the key of a patch as ElectroDB writes it", () => {
    const params = db.entities.renderJob.patch({ renderJobId }).set({ status: "generating_assets" }).params();
    const keys = writtenPartitionKeys(params);
    expect(mayTouchJob(keys, renderJobId)).toBe(true);
    expect(mayTouchJob(keys, "another-render")).toBe(false);
  });

  it("reads puts, deletes, batches and transactions, plain or typed", () => {
    const batch = {
      RequestItems: {
        storyboard: [{ PutRequest: { Item: { pk: { S: "$sb#renderjobid_a" } } } }, { DeleteRequest: { Key: { pk: "$sb#renderjobid_b" } } }],
      },
    };
    expect(writtenPartitionKeys(batch)).toEqual(["$sb#renderjobid_a", "$sb#renderjobid_b"]);
    const transaction = {
      TransactItems: [{ Update: { Key: { pk: "$sb#user_u" } } }, { Delete: { Key: { pk: { S: "$sb#renderjobid_C" } } } }],
    };
    expect(writtenPartitionKeys(transaction)).toEqual(["$sb#user_u", "$sb#renderjobid_c"]);
    expect(writtenPartitionKeys({ Item: { pk: "$sb#renderjobid_d" } })).toEqual(["$sb#renderjobid_d"]);
  });

  it("cannot tell what a PartiQL statement writes, so every job is forgotten", () => {
    const keys = writtenPartitionKeys({ Statement: "UPDATE storyboard SET a = 1" });
    expect(keys).toBeUndefined();
    expect(mayTouchJob(keys, renderJobId)).toBe(true);
  });
});

import { SETTINGS_TIMEZONES } from "@storyboard/core/catalog/timezones";
import { render, screen } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { TimezoneField } from "./timezone-field";
import { Form } from "./ui/form";

function Settings({ timezone }: { timezone: string }) {
  const form = useForm({ defaultValues: { timezone } });
  return (
    <Form {...form}>
      <TimezoneField control={form.control} name="timezone" options={SETTINGS_TIMEZONES} />
    </Form>
  );
}

describe("the timezone field", () => {
  it("names a zone chosen at registration by its city and offset, not its raw id", () => {
    render(<Settings timezone="Australia/Sydney" />);
    const select = screen.getByRole("combobox", { name: "Timezone" });
    expect(select).toHaveTextContent(/^Sydney \(GMT\+1[01]\)$/);
    expect(select).not.toHaveTextContent("Australia/Sydney");
  });
});

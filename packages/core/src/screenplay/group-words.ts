/**
 * The words that make a sentence about everyone in the scene, naming none of them: "They drink.", "Both sit.",
 * "The men look at each other." One list for who a frame shows (render/characters-in-block.ts) and how they
 * stand in it (provider/offline/frame-poses.ts), so a line that shows them all also poses them all.
 */
export const GROUP_SUBJECT_WORDS = "they|both|the (?:men|women|two|pair|boys|girls|guys|kids|friends|others|partners)|everyone";

// A saved record (the JSON a table's download gives) chosen from a file: the lobby
// resumes its match, the replay page shows it step by step.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** Read a chosen file as JSON (an Error with a readable message if it is not). */
export async function readJsonFile(file) {
  const text = await file.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(t("This file is not a saved record (JSON)."));
  }
}

/** The "Choose a record…" button and its file input (of that id): onFile is handed the
 * file chosen, if one is. */
export function recordPicker(id, onFile) {
  return [
    h("label", { class: "btn file-btn", for: id }, t("Choose a record…")),
    h("input", {
      type: "file",
      id,
      accept: ".json,application/json",
      onchange: (e) => {
        const file = e.target.files && e.target.files[0];
        if (file) onFile(file);
      },
    }),
  ];
}

// Fair deals, told to everyone at the table (GET /api/tables/{id}: "origin", "seed_hash";
// tricktaker/core/fairness.py): a table made from an uploaded record is marked as such,
// since its uploader may know every card to come; a table the server dealt shows the hash
// of the seed it committed to, which `tricktaker verify` checks against the full record.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The banner for a table (null where there is nothing to say). */
export function fairnessBanner(table) {
  if (!table) return null;
  if (table.origin === "record") {
    return h(
      "p",
      { class: "notice fairness", role: "note" },
      t("This table was made from an uploaded record: whoever uploaded it may know every card to come."),
    );
  }
  if (!table.seed_hash) return null;
  const hash = String(table.seed_hash);
  return h(
    "p",
    { class: "help fairness", title: hash },
    t("Deals from the server's seed, committed before the first card: {hash}", { hash: `${hash.slice(0, 16)}…` }),
  );
}

/** Show the banner at the top of the table's play column (once: a reconnection replaces it). */
export function showFairness(root, table) {
  const old = root.querySelector(".fairness");
  if (old) old.remove();
  const banner = fairnessBanner(table);
  if (!banner) return;
  const column = root.querySelector(".play-col") || root;
  column.prepend(banner);
}

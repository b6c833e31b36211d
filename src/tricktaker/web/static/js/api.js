// The server's HTTP API (documented in tricktaker/server/app.py).

async function answer(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    const detail = body && typeof body.detail === "string" ? body.detail : `HTTP ${response.status}`;
    const error = new Error(detail);
    error.status = response.status;
    throw error;
  }
  return body;
}

// The page's language, so that a refusal (a rate limit's 429) comes in it.
const language = () => document.documentElement.lang || "en";

async function get(url) {
  return answer(await fetch(url, { headers: { Accept: "application/json", "Accept-Language": language() } }));
}

async function post(url, data) {
  return answer(
    await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "Accept-Language": language() },
      body: JSON.stringify(data),
    }),
  );
}

export const api = {
  games: (lang) => get(`/api/games?lang=${encodeURIComponent(lang)}`),
  createTable: (body) => post("/api/tables", body),
  uploadRecord: (record, lang) => post("/api/records", { record, lang }),
  table: (id) => get(`/api/tables/${encodeURIComponent(id)}`),
  record: (id, token) =>
    get(`/api/tables/${encodeURIComponent(id)}/record?token=${encodeURIComponent(token || "")}`),
  recordUrl: (id, token) =>
    `/api/tables/${encodeURIComponent(id)}/record?token=${encodeURIComponent(token || "")}`,
  // This browser's tables by their seat tokens: results, opponents, statistics (recent.js).
  mine: (tables, lang) => post("/api/mine", { tables, lang }),
  replay: (record, seat, lang) => post("/api/replay", { record, seat, lang }),
  // A finished table's own match as this token's seat saw it (its shown record may be partial).
  tableReplay: (id, token, lang) =>
    get(
      `/api/tables/${encodeURIComponent(id)}/replay?token=${encodeURIComponent(token || "")}&lang=${encodeURIComponent(lang)}`,
    ),
};

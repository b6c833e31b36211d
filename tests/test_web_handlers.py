"""handlers.js: a message type the table page does not know goes to the handler a module
registered for it (presence's "life"), and none registered is no error."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

HANDLERS = Path(__file__).resolve().parents[1] / "src/tricktaker/web/static/js/handlers.js"

SCRIPT = """
const { extraHandlers, dispatchExtra } = await import(process.argv[1]);
const got = [];
extraHandlers.set("life", (msg, ctx) => got.push([msg.type, ctx.seat]));
extraHandlers.set("boom", () => { throw new Error("x"); });
console.error = () => {};
const out = [
  dispatchExtra({ type: "life" }, { seat: 2 }),
  dispatchExtra({ type: "unknown" }, {}),
  dispatchExtra({ type: "boom" }, {}),
  dispatchExtra(null, {}),
];
console.log(JSON.stringify({ out, got }));
"""


def test_other_message_types_reach_their_registered_handler() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    done = subprocess.run(
        [node, "--input-type=module", "-e", SCRIPT, HANDLERS.as_uri()],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    result = json.loads(done.stdout)
    assert result == {"out": [True, False, True, False], "got": [["life", 2]]}

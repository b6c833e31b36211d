"""The web app: HTTP and WebSocket, tables and seats, persistence (docs/design.md, §1 Layers).

It knows games and bots only through ``core``'s and ``bots``' registries, so a
newly registered game appears in the lobby and plays with no change here.
"""

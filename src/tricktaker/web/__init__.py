"""The browser front end: static files (``static/``) served by ``tricktaker.server``.

Modern JavaScript modules with no build step, cards drawn as our own SVG, and
the texts in ``locale/<lang>/LC_MESSAGES/web.po`` (read by the server with
Babel and handed to the page as JSON).
"""

"""The web app's routes, one router per concern (the list is in ``server.app``).

A router's module says in its docstring what its routes take and answer;
``bodies`` holds the request models, ``reading`` how a body is read and a bad
one answered, ``context`` what every route looks up, ``seating`` the seats and
names of a new table.
"""

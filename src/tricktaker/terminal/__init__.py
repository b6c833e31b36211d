"""Terminal play (textual): ``tricktaker play truc``, the human against the computer."""

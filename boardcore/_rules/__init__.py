"""The rules API and the flow: steps, the match (``Match``, the rule API), moments and
card effects, ready-made decisions (choices, reaction windows, plays), the agenda
loop with its phases and turns. Imports only ``_values``."""

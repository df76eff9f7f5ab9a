"""An invariant that never holds: a soak that must record a failure."""


def check(m):
    return [f"broken on purpose at turn {m.turn}"]

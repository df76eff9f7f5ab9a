"""SharedLog (internal: boardcore._values.log): the append-only list that clones share until one of them writes."""

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import boardcore
from boardcore import Event
from boardcore._values.log import EventLog, SharedLog


def test_append_len_iter_getitem():
    log = SharedLog()
    for x in "abc":
        log.append(x)
    assert len(log) == 3
    assert list(log) == ["a", "b", "c"]
    assert log.to_tuple() == ("a", "b", "c")
    assert log[0] == "a" and log[-1] == "c"
    with pytest.raises(IndexError):
        log[3]
    with pytest.raises(IndexError):
        log[-4]


def test_fork_shares_entries_and_both_sides_append_independently():
    parent = SharedLog(["a", "b"])
    child = parent.fork()
    child.append("c")
    parent.append("x")
    assert parent.to_tuple() == ("a", "b", "x")
    assert child.to_tuple() == ("a", "b", "c")
    child.append("d")
    parent.append("y")
    assert list(parent) == ["a", "b", "x", "y"]
    assert list(child) == ["a", "b", "c", "d"]


def test_parent_write_after_fork_is_invisible_to_the_fork():
    parent = SharedLog(["a"])
    child = parent.fork()
    parent.append("b")
    assert list(child) == ["a"] and len(child) == 1
    with pytest.raises(IndexError):
        child[1]


def test_truncate_forgets_entries_and_later_appends_replace_them():
    log = SharedLog(list("abcd"))
    twin = log.fork()
    log.truncate(2)
    assert log.to_tuple() == ("a", "b")
    assert list(log) == ["a", "b"]
    log.append("z")
    assert log.to_tuple() == ("a", "b", "z")
    assert twin.to_tuple() == ("a", "b", "c", "d")


def test_truncate_then_append_does_not_disturb_a_fork_that_saw_the_old_entry():
    log = SharedLog(["a"])
    log.append("b")
    snapshot = log.fork()
    log.truncate(1)
    log.append("c")
    assert snapshot.to_tuple() == ("a", "b")
    assert log.to_tuple() == ("a", "c")


@given(st.lists(st.tuples(st.sampled_from(["append", "fork", "truncate", "switch"]), st.integers(0, 5)), max_size=60))
def test_matches_a_list_model(ops):
    """Any interleaving of appends, forks and truncations behaves like independent lists."""
    logs = [SharedLog()]
    models = [[]]
    current = 0
    for op, arg in ops:
        if op == "append":
            logs[current].append(arg)
            models[current].append(arg)
        elif op == "fork":
            logs.append(logs[current].fork())
            models.append(list(models[current]))
        elif op == "truncate":
            size = min(arg, len(models[current]))
            logs[current].truncate(size)
            del models[current][size:]
        else:
            current = arg % len(logs)
        for log, model in zip(logs, models):
            assert log.to_tuple() == tuple(model)
            assert list(log) == model
            assert len(log) == len(model)


def test_dumped_entries_are_computed_once_and_follow_each_fork():
    from boardcore._values.log import SharedLog

    calls = []

    def dump(x):
        calls.append(x)
        return {"v": x}

    log = SharedLog()
    for x in (1, 2, 3):
        log.append(x)
    assert log.dumped(dump) == [{"v": 1}, {"v": 2}, {"v": 3}]
    twin = log.fork()
    log.append(4)
    twin.append(40)
    assert log.dumped(dump) == [{"v": 1}, {"v": 2}, {"v": 3}, {"v": 4}]
    assert twin.dumped(dump) == [{"v": 1}, {"v": 2}, {"v": 3}, {"v": 40}]
    assert calls == [1, 2, 3, 4, 40]  # the shared prefix was dumped once
    log.truncate(2)
    assert log.dumped(dump) == [{"v": 1}, {"v": 2}]


# -- a log read from a save: rows structured when first read --------------------------


def counting(calls):
    def structure(row, i):
        calls.append(i)
        if row == "bad":
            raise ValueError(f"row {i}")
        return row.upper()

    return structure


def test_a_loaded_log_structures_its_rows_once_when_first_read():
    calls = []
    log = SharedLog.loaded(["a", "b"], counting(calls))
    assert len(log) == 2 and calls == []
    assert log.dumped(str.lower) == ["a", "b"]  # saving writes the rows back, unread
    assert calls == []
    assert log[1] == "B" and calls == [0, 1]
    assert list(log) == ["A", "B"] and log.to_tuple() == ("A", "B") and calls == [0, 1]


def test_forks_of_a_loaded_log_share_the_structuring_and_diverge_safely():
    calls = []
    parent = SharedLog.loaded(["a", "b"], counting(calls))
    child = parent.fork()
    child.append("c")  # the shared storage, still unread
    parent.append("x")  # diverges: the rows are structured first, for both
    assert calls == [0, 1]
    assert parent.to_tuple() == ("A", "B", "x")
    assert child.to_tuple() == ("A", "B", "c")
    assert calls == [0, 1]


def test_a_row_that_fails_leaves_every_row_unread_and_fails_again_the_same_way():
    calls = []
    log = SharedLog.loaded(["a", "bad", "c"], counting(calls))
    for _ in range(2):
        with pytest.raises(ValueError, match="row 1"):
            log.to_tuple()
    assert log.dumped(str.lower) == ["a", "bad", "c"]



def test_a_fork_never_grows_the_list_it_shares():
    """Only the log that made a list appends to it, so a match and its clones can be
    played in different threads: no two of them ever append to one list."""
    parent = SharedLog(["a"])
    child = parent.fork()
    child.append("b")
    assert parent._items == ["a"] and child._items == ["a", "b"]
    grandchild = child.fork()
    child.append("c")  # the maker of its list still appends in place
    grandchild.append("x")
    assert child.to_tuple() == ("a", "b", "c") and grandchild.to_tuple() == ("a", "b", "x")
    assert grandchild._items is not child._items
    assert child.dumped(str.upper) == ["A", "B", "C"] and grandchild.dumped(str.upper) == ["A", "B", "X"]


# -- EventLog: events recorded as rows, built when first read --------------------------


@attrs.frozen
class Note(Event):
    n: int


def add(log, model, n, row):
    log.append((Note, (n,)) if row else Note(n))
    model.append(Note(n))


@given(
    st.lists(
        st.tuples(st.sampled_from(["row", "event", "fork", "truncate", "switch", "read", "index", "dump"]), st.integers(0, 5)),
        max_size=80,
    )
)
def test_an_event_log_reads_as_if_every_row_were_built_when_recorded(ops):
    """Rows and built events mixed, forks taken while rows are still unbuilt, rollbacks
    over them: every way of reading gives the events, and no log sees another's."""
    logs, models, current = [EventLog()], [[]], 0
    for op, arg in ops:
        log, model = logs[current], models[current]
        if op in ("row", "event"):
            add(log, model, arg, op == "row")
        elif op == "fork":
            logs.append(log.fork())
            models.append(list(model))
        elif op == "truncate":
            size = min(arg, len(model))
            log.truncate(size)
            del model[size:]
        elif op == "switch":
            current = arg % len(logs)
        elif op == "read":
            assert list(log) == model
        elif op == "index" and model:
            assert log[arg % len(model)] == model[arg % len(model)]
        elif op == "dump":
            assert log.dumped(lambda e: e.n) == [e.n for e in model]
        assert len(log) == len(model)
    for log, model in zip(logs, models):
        assert log.to_tuple() == tuple(model)
        assert all(type(e) is Note for e in log)


def test_an_event_log_builds_each_row_once_into_the_list_its_forks_share():
    log = EventLog()
    log.append((Note, (1,)))
    fork = log.fork()
    first = log[0]
    assert first == Note(1)
    assert fork[0] is first  # built in the shared list, not once per fork
    assert log.fork()[0] is first


def test_recorded_events_are_the_events_emit_would_log():
    # With nothing reacting, the engine records its own events as rows; a match's log
    # must still read (and save) as the events themselves.
    game = boardcore.load_game("gallic-wars")
    state = game.new_state(players=2, seed=5)
    assert not state.game.reacting
    assert state.match.log._items and any(type(item) is tuple for item in state.match.log._items)
    events = state.events
    assert events and all(isinstance(e, Event) for e in events)
    assert type(state.events[0]).__name__ == "MatchStarted"
    assert game.state_from_json(state.to_json(rows=True)).events == events

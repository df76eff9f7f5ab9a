"""Card effects and rules: what a card or a plugin does that data cannot say.

A card's data may name an ``effect``; the object registered under that name
(hook ``register_effects``) acts for the card. A plugin's *rules* (hook
``register_rules``) are effects that belong to no card: house rules and
variants, always in force; their methods get ``None`` for the card. An effect:

* does something when its card is played through :class:`~boardcore.steps.PlayCard`
  (:meth:`Effect.play`);
* acts on moments, the events the rules perform (:class:`~boardcore.Moment`)
  and every other event. Three decorators mark its methods, each called as
  ``method(m, card, event)`` for every card whose effect it is, wherever that
  card is (the method checks whether its card is placed to act):

  - :func:`modifies` - before a moment happens: return the moment changed
    (``attrs.evolve``), :data:`CANCEL` to stop it, or None to leave it;
  - :func:`replaces` - instead of a moment: the method makes something else
    happen, when its condition holds (``when``), or when the seat that ``may``
    names chooses to;
  - :func:`reacts_to` - after any event (a moment once it has happened).

* answers the questions its game asks of effects (how much Force a card adds, a
  bonus to hit): a game documents those as methods of its own ``Effect``
  subclass, with neutral defaults.

Modifications and replacements are tried in a fixed order: rules first (in the
order the plugins were loaded), then cards oldest in play first (zone by zone in
the order the zones were made, bottom of each zone first). Every modification
applies, each seeing the moment as the ones before left it; the first
replacement that applies is the only one. A reaction that needs a decision
schedules a step with ``m.trigger(step)``; it runs as soon as the step during
which the moment happened is done.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from .._values.events import Event, Moment

if TYPE_CHECKING:
    from .._values.actions import Target
    from .._values.cards import Card
    from .match import Match

F = TypeVar("F", bound=Callable[..., Any])

Condition = Callable[[Any, Any, Any], Any]
"""``condition(m, card, moment)``: read-only, called before a replacement is used."""


class _Cancel:
    """The type of :data:`CANCEL`."""

    _made = False

    def __new__(cls) -> _Cancel:
        if cls._made:
            raise TypeError("boardcore.CANCEL is the only cancel marker")
        cls._made = True
        return super().__new__(cls)

    def __repr__(self) -> str:
        return "boardcore.CANCEL"

    def __reduce__(self) -> str:
        return "CANCEL"


CANCEL = _Cancel()
"""What a modification returns to cancel the moment: it does not happen, and a
``MomentCancelled`` event records who stopped it."""

MARKS = ("reacts_to", "modifies", "replaces")
"""The three ways an effect's method acts on events, by attribute suffix."""


def _mark(kind: str, events: tuple[type, ...], base: type, extra: dict[str, Any] | None = None) -> Callable[[F], F]:
    if not events or not all(isinstance(e, type) and issubclass(e, base) for e in events):
        raise TypeError(f"{kind}() takes one or more {base.__name__} classes")

    def mark(method: F) -> F:
        setattr(method, f"__boardcore_{kind}__", events)
        if extra:
            setattr(method, "__boardcore_replace_how__", extra)
        return method

    return mark


def reacts_to(*events: type[Event]) -> Callable[[F], F]:
    """Mark an :class:`Effect` method as a reaction to ``events`` (classes; their
    subclasses included). The method is called as ``method(m, card, event)`` right
    after each such event is recorded."""
    return _mark("reacts_to", events, Event)


def modifies(*moments: type[Moment]) -> Callable[[F], F]:
    """Mark an :class:`Effect` method as a modification of ``moments`` (Moment classes,
    subclasses included), called as ``method(m, card, moment)`` before each such
    moment happens. It returns the moment to perform instead (the same class, changed
    with ``attrs.evolve``), :data:`CANCEL`, or None to leave it as it is. It must not
    change the match itself: a modification only changes the moment."""
    return _mark("modifies", moments, Moment)


def replaces(
    *moments: type[Moment],
    when: Condition | None = None,
    may: Condition | None = None,
    seats: Callable[[Any, Any], Any] | None = None,
) -> Callable[[F], F]:
    """Mark an :class:`Effect` method as a replacement of ``moments``: instead of the
    moment, ``method(m, card, moment)`` makes something else happen.

    ``when(m, card, moment)`` says whether it applies (always, when omitted): the
    first replacement that applies is used, and the moment does not happen. With
    ``may(m, card, moment)`` instead, the replacement is optional: ``may`` returns the
    seat that chooses whether to use it (usually the card's owner), or None where it
    does not apply; the engine asks. Only moments a game performs as a step (their
    class sets ``asks = True``) can have optional replacements. Both conditions must
    only read the match.

    Whether a seat is asked must not reveal a hidden card, so when an optional
    replacement's card is in a zone others cannot see, the engine asks every seat
    that could hold it: ``seats(m, moment)``, judged on public facts only (the
    moment's owner, say), or by default every seat that holds cards the others
    cannot see."""
    if when is not None and may is not None:
        raise TypeError("replaces() takes when= (always used when it holds) or may= (its seat chooses), not both")
    if seats is not None and may is None:
        raise TypeError("replaces(): seats= says who could be offered an optional replacement; it needs may=")
    for name, condition in (("when", when), ("may", may), ("seats", seats)):
        if condition is not None and not callable(condition):
            raise TypeError(f"replaces(): {name} must be a function of the match, not {condition!r}")
    return _mark("replaces", moments, Moment, {"when": when, "may": may, "seats": seats})


class Effect:
    """Base class of card effects and plugin rules. Every method has a neutral default."""

    reactions: ClassVar[dict[type[Event], tuple[str, ...]]] = {}
    """Method names by the event class they react to (built from :func:`reacts_to`)."""
    modifications: ClassVar[dict[type[Event], tuple[str, ...]]] = {}
    """Method names by the moment class they modify (from :func:`modifies`)."""
    replacements: ClassVar[dict[type[Event], tuple[str, ...]]] = {}
    """Method names by the moment class they replace (from :func:`replaces`)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        found: dict[str, dict[type[Event], tuple[str, ...]]] = {kind: {} for kind in MARKS}
        for klass in reversed(cls.__mro__):
            for name, member in vars(klass).items():
                for kind in MARKS:
                    table = found[kind]
                    for event in getattr(member, f"__boardcore_{kind}__", ()):
                        if name not in table.get(event, ()):
                            table[event] = table.get(event, ()) + (name,)
        cls.reactions = found["reacts_to"]
        cls.modifications = found["modifies"]
        cls.replacements = found["replaces"]

    def play(self, m: Match, player: int, card: Card, target: Target) -> None:
        """The card was played by ``player`` aimed at ``target``, after the rule of its
        kind of play has been applied."""


def reactions_of(effect: Any, event_type: type[Event], table: str = "reactions") -> list[str]:
    """The method names of ``effect`` that act on events of ``event_type``: its
    ``reactions`` (or ``modifications``, ``replacements``)."""
    found = getattr(type(effect), table, None) or {}
    return [name for cls, names in found.items() if issubclass(event_type, cls) for name in names]


def marked_methods(effect_type: type) -> list[str]:
    """Names of methods of ``effect_type`` marked by any of the three decorators."""
    return [
        attr
        for attr in dir(effect_type)
        if any(hasattr(getattr(effect_type, attr, None), f"__boardcore_{kind}__") for kind in MARKS)
    ]

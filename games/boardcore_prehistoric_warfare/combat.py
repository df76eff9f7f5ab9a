"""The hit test of a raid attack: S, M and d10 + M <= S (section 2, PW-R07 to PW-R10, PW-R13)."""

from __future__ import annotations

from boardcore import Match

from .effects import effect_of
from .records import AttackMode
from .tribe import armored, card, gear, is_generic, ranged_weapon, strength


def ranged_strength(m: Match, shooter: str) -> int:
    """S of a ranged attack: the weapon's STR (2 for Sticks & Stones), plus the
    shooter's bonus (Hunter +1, PW-R10). 0 for a person with no ranged weapon."""
    weapon = ranged_weapon(m, shooter)
    if weapon is None or weapon.ranged_strength is None:
        return 0
    bonus = 0 if is_generic(m, shooter) else effect_of(m.rules, shooter).ranged_bonus(card(m, shooter))
    return weapon.ranged_strength + bonus


def hth_strength(m: Match, person: str) -> int:
    """S of an HTH attack: the person's STR plus its HTH weapon's bonus, if any."""
    return strength(m, person) + sum(item.hth_bonus for item in gear(m, person))


def attack_strength(m: Match, mode: AttackMode, attacker: str) -> int:
    return ranged_strength(m, attacker) if mode is AttackMode.RANGED else hth_strength(m, attacker)


def modifier(m: Match, target: str) -> int:
    """M against ``target``: +1 for armor (PW-R07), plus the target's own
    modifier (Great Warrior +1, PW-R08). They stack."""
    own = 0 if is_generic(m, target) else effect_of(m.rules, target).modifier_against(card(m, target))
    return int(armored(m, target)) + own


def can_shoot(m: Match, person: str) -> bool:
    """Whether a person has something in its Ranged slot (R2)."""
    return ranged_weapon(m, person) is not None

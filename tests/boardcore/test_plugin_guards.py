"""Plugins that the engine could not run faithfully are refused when loaded."""

from __future__ import annotations

import pytest

import boardcore

import toy


class WrapperPlugin:
    @boardcore.hookimpl(wrapper=True)
    def on_event(self, match, event):
        return (yield)


class OldStyleWrapper:
    @boardcore.hookimpl(hookwrapper=True)
    def after_action(self, match, player, action):
        yield


@pytest.mark.parametrize("plugin", [WrapperPlugin(), OldStyleWrapper()])
def test_wrapper_hook_implementations_are_refused(plugin):
    with pytest.raises(boardcore.PluginError, match="wrapper implementations are not supported"):
        toy.duel(plugin)


def test_a_plugin_with_a_misspelt_hook_is_refused():
    class Misspelt:
        @boardcore.hookimpl
        def on_events(self, match, event):
            pass

    with pytest.raises(boardcore.PluginError, match="unknown hook"):
        toy.duel(Misspelt())


def test_moving_cards_into_their_own_zone_is_a_rule_error():
    state = toy.duel().new_state(players=2, seed=1)
    m = state.match
    with pytest.raises(boardcore.RuleError, match="to itself"):
        m.move(m.cards(toy.HAND[0])[:1], toy.HAND[0], toy.HAND[0])
    with pytest.raises(boardcore.RuleError, match="no card"):
        m.card("nope")

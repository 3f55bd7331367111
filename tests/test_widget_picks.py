"""The Pick area of every game's Set up panel, through the shared base, driven as a person
drives it (a menu's option chosen, tags typed): Describe this position opens a menu a pick of the
game's ``picks``, in words; a pick rewrites the description in the box and sets it up at once,
the table showing the numbers the game gives the picked description (``decision_odds`` of
``position``); a pick the set-up refuses keeps the text, says why in one line and leaves the game
as it was, and a second pick can make it one that sets up."""

from __future__ import annotations

import re
from html import unescape

import pytest
import yaml
from test_widget_setup import MAKERS, numbers
from test_widgets_browser import REPRS
from widget_clicks import row_texts
from widget_setups import pick_change, pick_refused, pick_step, picks_known

import toolkit.widgets
from toolkit.games import get_game
from toolkit.position import at
from toolkit.widgets import COUNTING, IN_SHORT, description_yaml

GAMES = [game for game in MAKERS if picks_known(game)]


def choose(control, words) -> None:
    """Choose as a person does: a menu's option by its words, or the tags of a list."""
    if isinstance(words, list):
        control.value = words
    else:
        control.label = words


def shown(control):
    return list(control.value) if isinstance(control.value, tuple | list) else control.label


def test_the_picks_are_offered_for_the_games_that_name_them():
    assert {"epic-death", "death-may-die"} <= set(GAMES)


@pytest.mark.parametrize("slug", GAMES)
def test_describe_opens_a_menu_a_pick_in_words(slug):
    game = MAKERS[slug]()
    assert game.pick_controls == [] and game.picks_area.children == ()
    described = game.describe()
    picks = get_game(slug).picks(yaml.safe_load(described))
    assert [pick.label for pick, _ in game.pick_controls] == [pick.label for pick in picks]
    texts = []
    for (pick, control), again in zip(game.pick_controls, picks, strict=True):
        words = [w for w, _ in again.options]
        if pick.many:
            assert list(control.allowed_tags)[: len(words)] == words
            texts += [*control.allowed_tags, *control.value]
        else:
            assert [w for w, _ in control.options][-len(words) :] == words
            texts += [w for w, _ in control.options]
        texts.append(pick.label)
    assert not [t for t in texts if any(r in t for r in REPRS) or t in ("None", "")], texts


@pytest.mark.parametrize("slug", GAMES)
def test_a_pick_sets_the_picked_position_up_with_its_numbers(slug):
    game = MAKERS[slug]()
    described = game.describe()
    rows = row_texts(game)
    label, steps, changed = pick_change(game, described)
    for step in steps:
        pick_step(game.pick_control(label), step)
    assert "Set up at" in game.setup_note.value, game.setup_note.value
    assert yaml.safe_load(game.setup_text.value) == changed  # the box says what was picked
    assert game.setup_text.value == description_yaml(changed)
    spec = get_game(slug)
    assert numbers(game.odds) == numbers(spec.decision_odds(spec.position(changed)))
    assert row_texts(game) != rows
    assert game.state.description == changed and game.state.history == []
    if steps[0][0] == "choose":
        pick = next(p for p in spec.picks(changed) if p.label == label)
        if type(pick.path[-1]) is int and isinstance(at(changed, pick.path[:-1]), list):
            # one entry of a list kept sorted (a card in hand): the picked card has a menu
            menus = [c.label for p, c in game.pick_controls if p.path[:-1] == pick.path[:-1]]
            assert steps[0][1] in menus, menus
        else:
            assert game.pick_control(label).label == steps[0][1]  # the menu shows the pick
    assert in_short(game) == table_in_short(game)  # the panel shows the new numbers too


@pytest.mark.parametrize("slug", GAMES)
def test_a_refused_pick_keeps_the_text_says_why_and_leaves_the_game(slug):
    game = MAKERS[slug]()
    described = game.describe()
    state, rows = game.state, row_texts(game)
    label, words, changed, field = pick_refused(game, described)
    control = game.pick_control(label)
    before = shown(control)
    choose(control, words)
    note = game.setup_note.value
    assert note.startswith('<span class="setup-refused"') and f"<b>{field}</b>:" in note, note
    assert "<br" not in note and "\n" not in note  # one line
    assert game.state is state and row_texts(game) == rows
    assert yaml.safe_load(game.setup_text.value) == changed  # the text keeps the pick
    choose(control, before)  # a second pick makes it one that sets up again
    assert "Set up at" in game.setup_note.value, game.setup_note.value
    pick = next(p for p, c in game.pick_controls if p.label == label)
    again = at(yaml.safe_load(game.setup_text.value), pick.path)
    if pick.many:
        assert sorted(map(pick.words, again)) == sorted(before)
    else:
        assert again == at(yaml.safe_load(described), pick.path)

    state = game.state
    game.setup_text.value = "hand: [unclosed"
    choose(game.pick_control(label), words)
    note = game.setup_note.value
    assert "the box holds none" in note and "YAML" in note, note
    assert game.state is state and game.setup_text.value == "hand: [unclosed"


def test_a_hand_picked_as_tags_sets_up_with_its_numbers():
    """Epic Death!'s hand is a list of tags: a card taken out of it, the seat holds one card
    fewer, the Fate deck one more, and the table shows the numbers of that hand."""
    game = MAKERS["epic-death"]()
    game.describe()
    hand = game.pick_control("your hand")
    assert list(hand.value) == [
        "Battle Cry",
        "Blessing of the War-Saint",
        "Stubbed Toe",
        "Stubbed Toe",
        "Second Wind",
    ]
    hand.value = ["Battle Cry", "Second Wind"]
    assert "Set up at" in game.setup_note.value, game.setup_note.value
    picked = yaml.safe_load(game.setup_text.value)
    assert picked["hand"] == ["fate-add-1", "fate-reroll-failures"]
    assert picked["parties"][0]["fate_cards"] == 2 and picked["fate_deck"] == 29 + 3
    spec = get_game("epic-death")
    assert numbers(game.odds) == numbers(spec.decision_odds(spec.position(picked)))


def test_a_refusal_names_a_picked_card_in_words_and_a_menu_stays_on_the_page():
    """Seven Battle Crys in hand are more than the game's six: the note names the card as the
    menus do, not by its id. A pick whose menus keep their options changes their values only:
    Rosa's wounds picked, the same menu shows 1."""
    game = MAKERS["epic-death"]()
    game.describe()
    game.pick_control("your hand").value = ["Battle Cry"] * 7
    note = game.setup_note.value
    assert "more than the 6 copies of Battle Cry the game has" in note, note
    assert "fate-add-1" not in note

    game = MAKERS["death-may-die"]()
    game.describe()
    wounds = game.pick_control("Rosa the Sailor's wounds")
    controls = [control for _, control in game.pick_controls]
    wounds.label = "1"
    assert "Set up at" in game.setup_note.value, game.setup_note.value
    assert game.state.investigators[0]["wounds"] == 1
    assert [control for _, control in game.pick_controls] == controls
    assert game.pick_control("Rosa the Sailor's wounds").label == "1"


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def in_short(game) -> list[tuple[str, list[str], bool]]:
    """The Set up panel's short copy of the numbers as a page shows its text: each row's
    choice, its numbers, and whether it is marked best."""
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", game.setup_numbers.value)[1:]
    shown = []
    for row in rows:
        first, *cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
        words = _text(first)
        shown.append((words.removeprefix("★ "), [_text(c) for c in cells], "★" in words))
    return shown


def table_in_short(game) -> list[tuple[str, list[str], bool]]:
    """What the short copy should show of the table of choices: each row's label, the main
    number of each of its visible cells (the percentage over the exact fraction, or
    "counting..."), whether it is marked best; the first rows, and any best row after them."""

    def main(cell: str) -> str:
        found = re.search(r'<div class="numbers-main">(.*?)</div>', cell)
        return _text(found.group(1) if found else cell)

    return [
        (label, [main(c) for c in cells], best)
        for index, (label, cells, _, best) in enumerate(game.table_rows())
        if index < IN_SHORT or best
    ]


def test_the_panel_shows_the_numbers_in_short_and_they_arrive_as_in_the_table(monkeypatch):
    """Death May Die!'s first decision, set up with the background walks on: the rows refused
    at once read "counting..." in the panel as in the table; when the walk has answered, the
    panel shows the numbers it found, the same as the table's."""
    monkeypatch.setattr(toolkit.widgets, "COUNT_SECONDS", 10)
    game = MAKERS["death-may-die"]()
    game.keep_counting = True
    game.set_up(game.describe())
    first = in_short(game)
    assert any(COUNTING in cells for _, cells, _ in first), first
    assert first == table_in_short(game)
    assert "still being counted" in game.setup_numbers.value
    assert game.wait_for_numbers(30)
    found = in_short(game)
    assert found == table_in_short(game) and found != first
    assert not any(COUNTING in cells for _, cells, _ in found)
    assert "still being counted" not in game.setup_numbers.value
    assert any(number != "" for _, cells, _ in found for number in cells)


def test_a_card_in_hand_swapped_in_one_step_keeps_the_block_naming_it():
    """To the Death!: the gladiator's hit, the block with the 6 of Fighters listed among the
    decision's options; card 4 of the hand picked as the 6 of Champions, the block offered names
    it, and the table and the panel show the numbers of the picked description."""
    game = MAKERS["to-the-death"]()
    description = yaml.safe_load(game.describe())
    description["decision"]["options"] = [["block", "fighter:6"], ["take"]]
    game.setup_text.value = text = description_yaml(description)
    game.set_up(text)
    assert "Set up at" in game.setup_note.value, game.setup_note.value
    card = game.pick_control("card 4 in your hand")
    assert card.label == "6 of Fighters"
    card.label = "6 of Champions"
    assert "Set up at" in game.setup_note.value, game.setup_note.value
    picked = yaml.safe_load(game.setup_text.value)
    assert picked["decision"]["options"] == [["block", "champion:6"], ["take"]]
    assert "fighter:6" not in picked["hand"] and "champion:6" in picked["hand"]
    spec = get_game("to-the-death")
    assert numbers(game.odds) == numbers(spec.decision_odds(spec.position(picked)))
    labels = [label for label, *_ in game.table_rows()]
    assert labels == ["block with the 6 of Champions", "take the hit"]
    assert [label for label, *_ in in_short(game)] == labels
    assert game.pick_control("card 2 in your hand").label == "6 of Champions"  # sorted again


def test_a_long_table_is_shown_in_short_by_its_first_rows_and_its_best(monkeypatch):
    """With room for one row, Epic Death!'s choice of quest shows its first quest and the best
    one (Fetch the Mayor's Goat, 82.8%), and says how many more the table has."""
    monkeypatch.setattr(toolkit.widgets, "IN_SHORT", 1)
    game = MAKERS["epic-death"]()
    rows = game.table_rows()
    best = [label for label, *_, marked in rows if marked]
    assert [label for label, *_ in in_short(game)] == [rows[0][0], *best]
    assert ("attempt Fetch the Mayor's Goat (4 trivial)", ["82.8%", "17.2%"], True) in in_short(
        game
    )
    assert f"{len(rows) - 1 - len(best)} more choice(s) in the table above." in (
        game.setup_numbers.value
    )


def test_an_empty_box_of_tags_says_what_names_it_takes():
    """An investigator with no items: the empty box names the three items one can type, where
    "type a name" alone left a person guessing; a pick of many names (a hand) does not list
    them."""
    game = MAKERS["death-may-die"]()
    game.describe()
    items = game.pick_control("Rosa the Sailor's items")
    assert items.value == [] and items.placeholder == "type a name: Harpoon, Lantern, Revolver"
    assert toolkit.widgets.tags_placeholder(["a", "b", "c", "d", "e"]) == "type a name"


def test_rows_with_no_numbers_for_one_reason_say_it_in_the_panel():
    """How I Died's first build, no walk in the background: every card of the Pool has no
    numbers, for the one reason the table gives each row, and the panel says that reason under
    its dashes rather than sending a person up to the table."""
    game = MAKERS["how-i-died"]()
    game.keep_counting = False
    game.set_up(game.describe())
    notes = {unescape(re.sub("<[^>]+>", "", note)) for *_, note, _ in game.table_rows()}
    assert len(notes) == 1 and notes.pop().startswith("no numbers: "), notes
    (why,) = {game._row_note(found, False) for found in game.odds.actions}
    assert f"– : {why.rstrip('.')}." in unescape(game.setup_numbers.value)
    assert "the table above says why" not in game.setup_numbers.value


def test_a_refused_pick_names_its_menu_as_well_as_its_field():
    """TPK: Brin's cards drawn picked down to one, which level 1 does not allow: the note names
    the field of the description and the pick a person changed, by its name above."""
    game = MAKERS["tpk"]()
    game.describe()
    game.pick_control("your cards drawn").value = ["Potion [monster x2 (ranged)]"]
    note = unescape(game.setup_note.value)
    assert "Nothing was set up: <b>party[0].drawn</b>: 1 card: level 1 draws 3." in note, note
    assert note.endswith("It is the pick “your cards drawn” above.</span>"), note


@pytest.mark.parametrize("slug", GAMES)
def test_a_pick_keeps_the_menus_on_the_page_and_offers_the_new_options(slug):
    """A pick that changes what other menus offer (a quest picked is no longer offered for the
    line's other places, say) changes the menus on show, not the Pick area: the page keeps the
    menus (so the one just used stays under the pointer and the area never vanishes while a
    browser draws new ones), each offering the options and showing the values of the position
    set up."""
    game = MAKERS[slug]()
    described = game.describe()
    controls = [control for _, control in game.pick_controls]
    area = game.picks_area.children
    label, steps, changed = pick_change(game, described)
    for step in steps:
        pick_step(game.pick_control(label), step)
    assert "Set up at" in game.setup_note.value, game.setup_note.value
    assert [control for _, control in game.pick_controls] == controls
    assert game.picks_area.children == area
    for pick, control in game.pick_controls:
        options, value = toolkit.widgets.GameWidget._menu(pick, changed)
        if pick.many:
            assert list(control.allowed_tags) == [words for words, _ in options]
            assert list(control.value) == value
        else:
            assert [words for words, _ in control.options] == [words for words, _ in options]
            assert control.value == value


def test_a_tpk_partner_is_named_by_character_and_renamed_when_picked():
    """TPK's Pick area names each partner as the widget does, by the character played (never
    "seat 1"): a partner's character picked, the same menu stays on the page and its name
    becomes the new character's."""
    game = MAKERS["tpk"]()
    game.describe()
    partners = [(p, c) for p, c in game.pick_controls if p.path[-1] == "character"]
    assert len(partners) == game.players - 1
    for pick, _ in partners:
        named = game.seat_name(pick.path[1])
        assert pick.label == f"your partner {named}", (pick.label, named)
    assert not [p.label for p, _ in game.pick_controls if "seat" in p.label]
    pick, control = partners[0]
    controls = [c for _, c in game.pick_controls]
    other = next(words for words, _ in control.options if words != control.label)
    control.label = other
    assert "Set up at" in game.setup_note.value, game.setup_note.value
    seat = pick.path[1]
    assert game.seat_name(seat) == other.split(",")[0]
    assert [c for _, c in game.pick_controls] == controls
    assert game.pick_control(f"your partner {game.seat_name(seat)}") is control
    labels = [label.value for label in game._pick_labels]
    assert f">your partner {game.seat_name(seat)}<" in labels[controls.index(control)]

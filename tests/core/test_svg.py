"""toolkit.svg: dice and cards are well-formed SVG with a title, escaped text and readable ink."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from toolkit.svg import PIPS, card, contrast, die, ink_on

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


@pytest.mark.parametrize("face", range(1, 7))
def test_a_die_has_its_pips_and_a_title(face):
    root = parse(die(face, title=f"a {face}"))
    assert len(root.findall(f"{NS}circle")) == face == len(PIPS[face])
    assert root.find(f"{NS}title").text == f"a {face}"


def test_symbol_dice_blank_dice_and_bad_faces():
    root = parse(die(glyphs=["★", "<&>"], title="success and tentacle", ring="#d00"))
    assert [t.text for t in root.findall(f"{NS}text")] == ["★", "<&>"]
    assert root.find(f"{NS}rect").get("stroke") == "#d00"
    assert not parse(die(title="blank")).findall(f"{NS}circle")
    with pytest.raises(ValueError, match="1 to 6"):
        die(7, title="no such face")


def test_a_card_shows_its_lines_escaped_and_is_never_struck_through():
    svg = card("Tom & <Jerry>", ["line one", "a <b> c"], "#e9c46a", mark="dead", faded=True)
    root = parse(svg)
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert texts == ["Tom & <Jerry>", "dead", "line one", "a <b> c"]
    assert "line-through" not in svg
    assert root.find(f"{NS}g").get("opacity") == "0.55"


@pytest.mark.parametrize("band", ["#e9c46a", "#2a9d8f", "#e63946", "#111111", "#ffffff"])
def test_the_band_text_reads_on_its_colour(band):
    assert contrast(ink_on(band), band) >= 4.5

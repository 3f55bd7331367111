"""Altair charts shared by every game. Engines never import this module; widgets and notebooks do."""

from __future__ import annotations

import altair as alt


def dist_chart(dist, title: str = "", outcome_name: str = "outcome", highlight_at_least=None):
    """Bars of an exact distribution; outcomes >= `highlight_at_least` drawn in the success colour."""
    rows = [
        {
            outcome_name: outcome,
            "probability": weight / dist.total,
            "exact": f"{weight}/{dist.total}",
            "kind": "success"
            if highlight_at_least is not None and outcome >= highlight_at_least
            else "other",
        }
        for outcome, weight in dist.weights.items()
    ]
    colour = alt.Color(
        "kind:N",
        scale=alt.Scale(domain=["success", "other"], range=["#2a9d8f", "#b0b0b0"]),
        legend=None,
    )
    return (
        alt.Chart(alt.Data(values=rows), title=title)
        .mark_bar()
        .encode(
            x=alt.X(f"{outcome_name}:O", title=outcome_name),
            y=alt.Y("probability:Q", axis=alt.Axis(format="%")),
            color=colour,
            tooltip=[f"{outcome_name}:O", "exact:N", alt.Tooltip("probability:Q", format=".2%")],
        )
        .properties(width=320, height=160)
    )


def line_chart(rows: list[dict], x: str, y: str, series: str, title: str = ""):
    """Lines of y against x, one per series (for example success chance against pool size)."""
    return (
        alt.Chart(alt.Data(values=rows), title=title)
        .mark_line(point=True)
        .encode(
            x=alt.X(f"{x}:Q"),
            y=alt.Y(f"{y}:Q", axis=alt.Axis(format="%")),
            color=f"{series}:N",
            tooltip=[f"{x}:Q", f"{series}:N", alt.Tooltip(f"{y}:Q", format=".2%")],
        )
        .properties(width=360, height=200)
    )


def enable_offline() -> None:
    """Render charts without a CDN: the notebook renderer, and chart widgets made directly
    (``alt.JupyterChart``, as in the game widgets), load Vega from the installed package."""
    alt.renderers.enable("jupyter", offline=True)
    alt.JupyterChart.enable_offline()


def to_svg(chart) -> str:
    """Static SVG for the book, which must build with no network."""
    import vl_convert as vlc

    return vlc.vegalite_to_svg(chart.to_dict())

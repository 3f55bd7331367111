"""death-toolkit: rules engines, exact odds and notebook widgets for five games about dying gloriously.

The core modules are shared by every game:

- :mod:`toolkit.dist`: exact finite distributions (integer weights inside, sympy Rationals at the edges);
- :mod:`toolkit.deck`: piles of cards shuffled by the game state's seeded RNG;
- :mod:`toolkit.state`: the OpenSpiel-style game-state protocol with JSON save, load and replay;
- :mod:`toolkit.data`: YAML card data loaded into typed, validated objects;
- :mod:`toolkit.bots` and :mod:`toolkit.simulate`: bots and many-game studies;
- :mod:`toolkit.games`: the registry of games the CLI and the notebooks use.
"""

__version__ = "0.1.0"

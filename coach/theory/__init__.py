"""Game theory the coach stands on: push/fold equilibria and a river solver.

Pure Python and NumPy, no Streamlit. The pieces:

* :mod:`coach.theory.classes`: the 169 starting-hand classes (``AKs``, ``AKo``,
  ``TT``), their combos and their place on the 13x13 grid.
* :mod:`coach.theory.preflop`: the 169x169 all-in equity table of the classes,
  exact (every board, averaged over suits and card removal), shipped as data.
* :mod:`coach.theory.pushfold`: push/fold equilibria heads-up and first-in at a
  full table, with the exploitability of each chart.
* :mod:`coach.theory.cfr`: a counterfactual-regret solver over a public betting
  tree with private hands, vectorised over hands (Discounted CFR).
* :mod:`coach.theory.river`: river spots (board, two ranges, pot, stacks, bet
  sizes) solved with it, cached by spot.

``docs/THEORY.md`` explains in plain words what the coach takes from each.
"""

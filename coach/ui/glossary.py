"""The glossary (DESIGN.md §4): the Italian words the app uses, with definitions.

Terms and definitions are msgids (English source, Italian translation in the
catalog), so the English UI gets an English glossary and the Italian one the
words of an Italian poker room. Two warnings cover the usual traps for Italian
learners: "passare" and "poker all'italiana".
"""

from __future__ import annotations

from dataclasses import dataclass

from coach.i18n import N_


@dataclass(frozen=True)
class Term:
    term: str
    definition: str
    rule: str = ""  # the rule id of DESIGN.md §5 the term belongs to, if any


GLOSSARY: tuple[Term, ...] = (
    Term(N_("Blinds (small blind, big blind)"),
         N_("Forced bets posted before the cards are dealt: the small blind (SB) by the player on "
            "the button's left, the big blind (BB) by the next player. They give the first betting "
            "round something to win."), "R03"),
    Term(N_("Button (dealer)"),
         N_("The disc that marks the dealer's position. It moves one seat clockwise after every "
            "hand; after the flop the player on the button acts last."), "R02"),
    Term(N_("Ante"),
         N_("A small forced bet posted by every player before the hand (in some tournaments the "
            "big blind pays it for everyone), usually from the middle of a tournament on."), "R03"),
    Term(N_("Hole cards"),
         N_("The two private cards each player is dealt face down."), "R01"),
    Term(N_("Community cards (board)"),
         N_("The five cards dealt face up in the middle (flop, turn, river) that every player can "
            "use. Your hand is the best five of your seven cards: you may use two, one or none of "
            "your own."), "R01"),
    Term(N_("Preflop"),
         N_("The first betting round, after the hole cards and before the flop. The first to act "
            "sits on the big blind's left (UTG); the big blind acts last and may check if nobody "
            "raised."), "R04"),
    Term(N_("Flop, turn, river"),
         N_("The first three community cards, dealt together (flop), the fourth (turn) and the "
            "fifth (river). From the flop on, the first active player on the button's left acts "
            "first."), "R06"),
    Term(N_("Betting round"),
         N_("Each player in turn folds, checks, calls, bets or raises; the round ends when every "
            "active player has put in the same amount or is all-in. There are four: preflop, "
            "flop, turn and river."), "R11"),
    Term(N_("Fold"),
         N_("Give up the hand, leaving in the pot the chips already put in."), "R07"),
    Term(N_("Check"),
         N_("Pass the turn without betting: allowed only when there is nothing to pay."), "R07"),
    Term(N_("Call"),
         N_("Put in as much as the highest bet, to stay in the hand."), "R07"),
    Term(N_("Bet"),
         N_("The first chips put in during a betting round. In No-Limit a bet is at least the big "
            "blind; less is allowed only as an all-in."), "R08"),
    Term(N_("Raise"),
         N_("Increase a bet already made. The increase must be at least the last bet or raise "
            "increment; less is allowed only as an all-in."), "R09"),
    Term(N_("Re-raise"),
         N_("A raise over somebody else's raise."), "R09"),
    Term(N_("All-in"),
         N_("Put in every chip you have in front of you. An all-in smaller than a full raise does "
            "not reopen the betting for players who have already acted."), "R09"),
    Term(N_("Pot"),
         N_("All the chips bet in the hand. The best hand at showdown wins it, or the last player "
            "left when everyone else folds (without showing)."), "R12"),
    Term(N_("Main pot"),
         N_("The pot every player still in the hand can win, including a player who is all-in "
            "for less."), "R13"),
    Term(N_("Side pot"),
         N_("The chips bet beyond a shorter all-in: only the players who covered them can win "
            "them. Side pots are awarded first, then the main pot."), "R13"),
    Term(N_("Split pot"),
         N_("When two or more players have hands of the same value they share the pot equally; "
            "an odd chip goes to the first winner on the button's left."), "R16"),
    Term(N_("Showdown"),
         N_("After the last betting round the players left show their cards and the best "
            "five-card hand wins. The last aggressor shows first; a player who cannot win may "
            "muck (throw the cards away unseen)."), "R14"),
    Term(N_("Kicker"),
         N_("The highest card outside the combination: it breaks ties between hands of the same "
            "kind (pair of kings with an ace beats pair of kings with a queen)."), "R16"),
    Term(N_("Heads-up"),
         N_("A hand between two players only. The button posts the small blind, acts first "
            "preflop and last after the flop."), "R17"),
    Term(N_("Stack"),
         N_("The chips a player has in front of them. You play only the chips on the table: you "
            "cannot add money during a hand."), "R10"),
    Term(N_("Chips"),
         N_("The tokens used to bet. In this app they are play chips only: no real money."), ""),
    Term(N_("Burning a card"),
         N_("Before the flop, the turn and the river the dealer discards the top card of the "
            "deck face down."), "R05"),
    Term(N_("No-Limit, Pot-Limit, Fixed-Limit"),
         N_("Betting structures. No-Limit: any amount up to your whole stack. Pot-Limit: at most "
            "the size of the pot. Fixed-Limit: bets and raises of a fixed size."), "R18"),
    Term(N_("Cash game and tournament"),
         N_("In a cash game the blinds stay the same and you may leave at any time; in a "
            "tournament everybody starts with the same chips, the blinds rise by levels and the "
            "game ends when one player has all the chips."), "R19"),
    Term(N_("Hand rankings"),
         N_("From the highest: royal flush, straight flush, four of a kind, full house, flush, "
            "straight, three of a kind, two pair, one pair, high card. The ace is high or low in "
            "a straight (A-2-3-4-5), never in the middle (Q-K-A-2-3 is not a straight)."), "R15"),
    Term(N_("Pot odds"),
         N_("The price of a call: what you must pay compared with the pot you can win. Calling 50 "
            "into a pot of 150 (after your call: 200) needs at least 25% equity."), ""),
    Term(N_("Equity"),
         N_("Your share of the pot if the hand were played to the end many times: how often you "
            "win, plus half the ties."), ""),
    Term(N_("Big blind as a unit (bb)"),
         N_("Stacks and amounts are measured in big blinds: «I have 100 big blinds» means a stack "
            "worth a hundred big blinds, whatever the chips. The coach counts wins and losses in bb."),
         ""),
    Term(N_("Position (UTG, MP, HJ, CO, BTN, SB, BB)"),
         N_("The seats in the order they speak before the flop: under the gun (UTG) first, then "
            "middle position (MP), hijack (HJ), cutoff (CO), the button (BTN), the small and the big "
            "blind. In position means you speak after your opponent on the flop, turn and river: "
            "an advantage, which is why the button earns the most."), ""),
    Term(N_("Starting hands (AKs, AKo, TT+)"),
         N_("The 169 kinds of two cards: a pair (TT), two cards of the same suit (s, suited: AKs) "
            "or of different suits (o, offsuit: AKo). «TT+» means tens or better; the coach draws "
            "them on a 13 by 13 grid."), ""),
    Term(N_("Range"),
         N_("All the hands a player can have in a spot, given how he has played: not one hand, "
            "but a set of hands, each with its weight. The coach reasons against ranges."), ""),
    Term(N_("Limp and isolation raise"),
         N_("A limp is entering the pot by calling the big blind instead of raising. An "
            "isolation raise is a raise after one or more limps, to play against one weak player "
            "in position: about 3 big blinds plus 1 for each limper."), ""),
    Term(N_("3-bet"),
         N_("The first re-raise before the flop: the big blind is the first bet, the open raise the "
            "second, the re-raise the third."), ""),
    Term(N_("Continuation bet (c-bet)"),
         N_("A bet on the flop by the player who raised last before the flop, whether or not the "
            "flop helped him."), ""),
    Term(N_("The nuts"),
         N_("The best possible hand with that board: no other two cards can beat it."), ""),
    Term(N_("Draw, outs"),
         N_("A draw is a hand that is not made yet but can become strong (four cards to a flush or "
            "a straight). The outs are the cards still to come that make it the winner."), ""),
    Term(N_("Value bet, bluff, semi-bluff"),
         N_("A value bet wants to be called by worse hands; a bluff wants better hands to fold; a "
            "semi-bluff is a bluff with a draw, which can still win if it is called."), ""),
    Term(N_("Implied odds"),
         N_("The chips you expect to win on later streets when your draw comes in: they can make a "
            "call right that the pot odds alone do not pay for."), ""),
    Term(N_("SPR (stack-to-pot ratio)"),
         N_("The smaller stack in play divided by the pot on the flop. A low SPR (below about 3) "
            "means a strong pair is ready to go all-in; a high one calls for more care."), ""),
    Term(N_("Push/fold"),
         N_("With a short stack (about 15 big blinds or less) the choice before the flop is all-in "
            "or fold: the coach grades it with the equilibrium charts of game theory."), ""),
    Term(N_("Expected value (EV)"),
         N_("What a choice wins or loses on average if the same spot came back many times. The "
            "coach compares every option's EV with folding's (0) and grades the loss against the "
            "best option."), ""),
    Term(N_("Spaced repetition (Ripasso)"),
         N_("Your mistakes come back to be answered again, at intervals a published algorithm "
            "(FSRS) sets from your answers: sooner when you get them wrong, later when you get "
            "them right."), ""),
)

WARNINGS: tuple[str, ...] = (
    N_("Careful with \"passare\": some Italian texts use it for fold, others for check. To avoid "
       "any doubt, this app uses the English action names, as poker tables do."),
    N_("If you know \"poker all'italiana\" (five-card draw): there the flush beats the full house "
       "and suits have an order. In Texas Hold'em the full house beats the flush and suits never "
       "count."),
)

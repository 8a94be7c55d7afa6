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
    Term(N_("The big blind's option"),
         N_("Preflop, when nobody has raised, the big blind speaks last and may still check or "
            "raise, although the others have only called: this is his option."), "R04"),
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
    Term(N_("Muck"),
         N_("Throw your cards away unseen, face down. At showdown a player who cannot win may "
            "muck instead of showing: he gives up the pot and reveals nothing about how he "
            "played."), "R14"),
    Term(N_("The cards speak"),
         N_("At showdown what counts is the hand the cards make, not what the player says: "
            "whoever announces «a pair» and holds a flush wins with the flush. Show both cards "
            "and do not throw them away until the pot has been awarded."), "R14"),
    Term(N_("Kicker"),
         N_("The highest card outside the combination: it breaks ties between hands of the same "
            "kind (pair of kings with an ace beats pair of kings with a queen)."), "R16"),
    Term(N_("Playing the board"),
         N_("When your best five cards are all on the board you «play the board»: every player "
            "who reaches showdown has at least that hand, and if nobody beats it the pot is "
            "split."), "R16"),
    Term(N_("Heads-up"),
         N_("A hand between two players only. The button posts the small blind, acts first "
            "preflop and last after the flop."), "R17"),
    Term(N_("Stack"),
         N_("The chips a player has in front of them. You play only the chips on the table: you "
            "cannot add money during a hand."), "R10"),
    Term(N_("Effective stack"),
         N_("The smaller of your stack and your opponent's: the most you can win or lose against "
            "him in the hand. With 300 chips against a player who has 120, only 120 are in "
            "play."), "R10"),
    Term(N_("Short stack"),
         N_("A stack of few big blinds, about 12 bb or less: a normal raise already commits a "
            "large part of it, so when you are the first to enter the pot the choice is all-in "
            "or fold (see Push/fold)."), ""),
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
    Term(N_("Bubble"),
         N_("In a tournament, the last places before the prizes: when one more player is "
            "eliminated, all those left win a prize. The player eliminated just before («on the "
            "bubble») wins nothing: near the bubble, losing your chips costs more than winning "
            "chips earns (see ICM)."), "R19"),
    Term(N_("Final table"),
         N_("The last table of a tournament, when the players left fit at one table. Every "
            "elimination there raises the prize of those still playing, so the ICM weighs more "
            "than anywhere else."), "R19"),
    Term(N_("ICM (Independent Chip Model)"),
         N_("The calculation that turns the stacks of a tournament into each player's share of "
            "the prize money. Prizes follow the final ranking, so chips are not worth money in "
            "proportion: doubling your chips does not double what you can expect to win, and "
            "near the prizes a chip you lose costs more than a chip you win earns. That is why, "
            "near the bubble or at the final table, calling an all-in takes a stronger hand than "
            "the pot odds alone say. The coach counts in chips, without ICM: near the prizes, "
            "keep it in mind yourself."), "R19"),
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
    Term(N_("Dominated hand"),
         N_("A hand that shares a card with a stronger one: K-J against A-K or K-Q. When both make "
            "the same pair the other's kicker is higher, so a dominated hand wins little and "
            "loses a lot."), ""),
    Term(N_("Preflop charts"),
         N_("Tables that say, for each seat at the table, which starting hands to open, call or "
            "re-raise with before the flop. The coach draws them on the 13 by 13 grid."), ""),
    Term(N_("Range"),
         N_("All the hands a player can have in a spot, given how he has played: not one hand, "
            "but a set of hands, each with its weight. The coach reasons against ranges."), ""),
    Term(N_("Limp and isolation raise"),
         N_("A limp is entering the pot by calling the big blind instead of raising. An "
            "isolation raise is a raise after one or more limps, to play against one weak player "
            "in position: about 3 big blinds plus 1 for each limper."), ""),
    Term(N_("Open raise"),
         N_("The raise of the first player to enter the pot, when everyone before him has "
            "folded: «to open». It is usually 2 to 3 bb, and a raise, never a limp."), ""),
    Term(N_("Defending the big blind"),
         N_("Calling (or re-raising) an open raise from the big blind. The big blind has already "
            "put in a big blind and closes the action, so the price is good and he defends with "
            "many more hands than the other seats, although after the flop he plays out of "
            "position."), ""),
    Term(N_("3-bet"),
         N_("The first re-raise before the flop: the big blind is the first bet, the open raise the "
            "second, the re-raise the third."), ""),
    Term(N_("4-bet"),
         N_("The re-raise after a 3-bet: the fourth bet before the flop. It is usually a little "
            "more than twice the 3-bet."), ""),
    Term(N_("Continuation bet (c-bet)"),
         N_("A bet on the flop by the player who raised last before the flop, whether or not the "
            "flop helped him."), ""),
    Term(N_("The nuts"),
         N_("The best possible hand with that board: no other two cards can beat it."), ""),
    Term(N_("Top pair, second pair"),
         N_("Top pair is a pair made with the highest card of the board; second pair, with the "
            "second highest. With a good kicker top pair is a strong hand, but it is beaten by "
            "two pair, three of a kind and more."), ""),
    Term(N_("Draw, outs"),
         N_("A draw is a hand that is not made yet but can become strong (four cards to a flush or "
            "a straight). The outs are the cards still to come that make it the winner."), ""),
    Term(N_("Flush draw, open-ended straight draw, gutshot"),
         N_("A flush draw has four cards of one suit (9 outs). An open-ended straight draw has "
            "four cards in a row that can be completed at both ends, like 7-8-9-10 (8 outs). A "
            "gutshot, or inside straight draw, misses a card in the middle, like 7-8-10-J (4 "
            "outs). A combo draw is a flush draw and a straight draw together (up to 15 outs)."),
         ""),
    Term(N_("Dry and wet board"),
         N_("A wet board gives many hands a draw (J-10-9 with two spades): the next card can "
            "change everything. A dry board gives few (K-7-2 of three suits): whoever is ahead on "
            "the flop often stays ahead to the river."), ""),
    Term(N_("Counterfeited hand"),
         N_("A hand the board spoils: a card on the board makes your cards useless. With 9-5 on "
            "9-5-2 you have two pair, but if two Kings come, the board's pair of Kings takes the "
            "place of your 5s and any 9 with a higher kicker beats you."), ""),
    Term(N_("Value bet, bluff, semi-bluff"),
         N_("A value bet wants to be called by worse hands; a bluff wants better hands to fold; a "
            "semi-bluff is a bluff with a draw, which can still win if it is called."), ""),
    Term(N_("Implied odds"),
         N_("The chips you expect to win on later streets when your draw comes in: they can make a "
            "call right that the pot odds alone do not pay for."), ""),
    Term(N_("Opponent profiles"),
         N_("How an opponent plays, which the coach can take into account: a balanced opponent; "
            "a beginner who calls too much (calls with any pair, sometimes with high card: do not "
            "bluff him, bet for value); a rock, tight and passive (plays few hands and bets or "
            "calls only with strong ones: bluffs work more often, and when he raises believe "
            "him); an aggressive opponent (bluffs and raises often)."), ""),
    Term(N_("Computed equilibrium (solver)"),
         N_("The strategies a program (a «solver») computes for every player so that none of them "
            "gains by changing his own: against them, no opponent can win more than the "
            "equilibrium gives him. The coach uses it for the push/fold charts and, heads-up on "
            "the river, to value every option."), ""),
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
    Term(N_("Straddle"),
         N_("A voluntary extra blind, usually twice the big blind, that in some card rooms the "
            "player under the gun may post before the cards. Preflop the straddle speaks last, "
            "like a big blind, and to play you must pay at least the straddle."), "R03"),
    Term(N_("Missed blinds"),
         N_("In a cash game, the blinds of a player who was away when it was his turn to post "
            "them: to play again before the big blind comes back to him he must post them, and "
            "the missed small blind goes into the pot as a «dead» blind."), "R03"),
    Term(N_("Misdeal"),
         N_("A deal to be repeated: when one of the first cards is exposed by mistake or a "
            "player gets three cards, in most card rooms the cards are gathered, shuffled and "
            "dealt again, and the button does not move."), ""),
    Term(N_("Rake"),
         N_("The share of each pot the card room keeps in a cash game, often about 5% up to a cap; "
            "in tournaments the room takes a fee included in the buy-in. It is a cost: it takes "
            "most, in proportion, from small pots."), "R19"),
    Term(N_("Bankroll"),
         N_("The money you set aside only for poker: money you can afford to lose, kept apart "
            "from what you need to live."), ""),
    Term(N_("Variance"),
         N_("The swings of luck: even a player who plays well can lose for weeks, because the "
            "cards go badly. A single hand, or a single evening, says little about how well you "
            "played."), ""),
)

WARNINGS: tuple[str, ...] = (
    N_("Careful with \"passare\": some Italian texts use it for fold, others for check. To avoid "
       "any doubt, this app uses the English action names, as poker tables do."),
    N_("If you know \"poker all'italiana\" (five-card draw): there the flush beats the full house "
       "and suits have an order. In Texas Hold'em the full house beats the flush and suits never "
       "count."),
)

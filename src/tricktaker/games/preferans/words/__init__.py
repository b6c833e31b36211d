"""Preferans in its players' words, in each language of the app: bids, whists, the sheet.

Pure functions of views, events and summaries (the Words protocol), shared by
the terminal and the web table; plain text, cards written by
``core.cardwords``. The Russian is the table's: «пуля», «гора», «висты»,
«прикуп», «снос», «вист», «пас», «полвиста», «в открытую», «в закрытую»,
«мизер», «распасы», «шесть пик», «семь без козыря», «без двух», and for
seed 002's pot game its own words: «раз», «игра», «червы», «здесь», «котёл»,
«ставки». The catalogs are ``locale/<lang>/LC_MESSAGES/preferans.po``.

Russian verbs agree with their subject, and a seat may be «Вы»; so a seat's
name is written only where no verb has to agree with it: before a colon
(«Запад: шесть пик»), after one («сдаёт: Вы»), or in a list.

**What the words may tell.** Every card played is public in preferans, and
so are the talon of a Russian contract, the talon cards that lead an
all-pass and hands laid open; the hands, the discard (face down) and the
talon of a misère or of the pot game are not. The words only ever name the
cards of the view and of the observer's own events, which hold no more.

One module a job, each adding its part to :class:`PreferansWords`:
``vocabulary`` (contracts, bids, answers: the base of the others),
``written`` (what a deal wrote on the sheet, or paid), ``results`` (how a
deal ended, the sheet's rows, the settlement), ``events`` (the log),
``paper`` (the sheet as drawn on paper), ``table`` (phase, status, tags,
the table's lines), ``actions`` (the buttons' labels and help), ``hints``
(the hint line), ``grid`` (the grid of bids) and ``lobby`` (the options and
the rules).
"""

from __future__ import annotations

from tricktaker.games.preferans.words.events import EventWords
from tricktaker.games.preferans.words.grid import GridWords
from tricktaker.games.preferans.words.hints import HintWords
from tricktaker.games.preferans.words.lobby import LobbyWords
from tricktaker.games.preferans.words.paper import PaperWords, running
from tricktaker.games.preferans.words.table import TableWords
from tricktaker.games.preferans.words.vocabulary import signed
from tricktaker.games.preferans.words.written import written_kinds


class PreferansWords(HintWords, TableWords, EventWords, PaperWords, GridWords, LobbyWords):
    """Preferans' words in one language: the Words protocol, the paper sheet
    (``sheet_lines``), the grid of bids (``action_groups``), the discard's button
    (``pair_label``) and the lobby's words (``option_label``, ``choice_label``)."""


__all__ = ["PreferansWords", "running", "signed", "written_kinds"]

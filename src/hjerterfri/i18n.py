"""Every text a player reads, in Danish, Swedish and English, in one place.

``Texts(lang)`` looks strings up by key and fills them in; it also names cards
in words ("spar dame", "spader dam", "queen of spades") and explains every
engine ``Reason`` ("Du skal bekende ♣").
"""

from __future__ import annotations

import contextlib
from typing import Any

from .cards import Card, Suit
from .engine import IllegalMoveError, OutcomeKind, Reason
from .rules import PassDirection
from .settings import LANGUAGES

LANGUAGE_NAMES = {"da": "dansk", "sv": "svenska", "en": "English"}
PRESET_LANGUAGE = {"dansk": "da", "dansk-hus": "da", "svensk": "sv"}

SUIT_NAMES = {
    "da": ("klør", "ruder", "hjerter", "spar"),
    "sv": ("klöver", "ruter", "hjärter", "spader"),
    "en": ("clubs", "diamonds", "hearts", "spades"),
}
FACE_NAMES = {
    "da": {11: "knægt", 12: "dame", 13: "konge", 14: "es"},
    "sv": {11: "knekt", 12: "dam", 13: "kung", 14: "ess"},
    "en": {11: "jack", 12: "queen", 13: "king", 14: "ace"},
}
BOT_NAMES = {
    "da": ("Mette", "Jens", "Sofie", "Anders"),
    "sv": ("Astrid", "Olle", "Karin", "Nils"),
    "en": ("Alice", "Ben", "Cleo", "Dan"),
}

_REASONS: dict[str, dict[Reason, str]] = {
    "da": {
        Reason.WRONG_PHASE: "Det kan du ikke gøre nu",
        Reason.NOT_YOUR_TURN: "Det er {name}s tur",
        Reason.NOT_IN_HAND: "Det kort har du ikke",
        Reason.MUST_LEAD_TWO_OF_CLUBS: "Første stik spilles ud med {card}",
        Reason.MUST_FOLLOW_SUIT: "Du skal bekende {suit}",
        Reason.HEARTS_NOT_BROKEN: "Hjerter er ikke åbnet endnu: spil en anden farve ud",
        Reason.NO_POINTS_ON_FIRST_TRICK: "Ingen point i første stik: ingen hjerter og ikke spar dame",
        Reason.WRONG_PASS_COUNT: "Vælg {count} kort at give videre",
        Reason.DUPLICATE_CARD: "Et kort er valgt to gange",
        Reason.ALREADY_PASSED: "Du har allerede givet kort videre",
        Reason.NO_SUCH_SEAT: "Den plads findes ikke",
    },
    "sv": {
        Reason.WRONG_PHASE: "Det kan du inte göra nu",
        Reason.NOT_YOUR_TURN: "Det är {name}s tur",
        Reason.NOT_IN_HAND: "Det kortet har du inte",
        Reason.MUST_LEAD_TWO_OF_CLUBS: "Första sticket spelas ut med {card}",
        Reason.MUST_FOLLOW_SUIT: "Du måste följa färg {suit}",
        Reason.HEARTS_NOT_BROKEN: "Ingen har sakat hjärter än: spela ut en annan färg",
        Reason.NO_POINTS_ON_FIRST_TRICK: "Inga poäng i första sticket: ingen hjärter och inte spader dam",
        Reason.WRONG_PASS_COUNT: "Välj {count} kort att skicka",
        Reason.DUPLICATE_CARD: "Ett kort är valt två gånger",
        Reason.ALREADY_PASSED: "Du har redan skickat kort",
        Reason.NO_SUCH_SEAT: "Den platsen finns inte",
    },
    "en": {
        Reason.WRONG_PHASE: "You cannot do that now",
        Reason.NOT_YOUR_TURN: "It is {name}'s turn",
        Reason.NOT_IN_HAND: "You do not hold that card",
        Reason.MUST_LEAD_TWO_OF_CLUBS: "The first trick is led with the {card}",
        Reason.MUST_FOLLOW_SUIT: "You must follow suit {suit}",
        Reason.HEARTS_NOT_BROKEN: "Hearts are not broken yet: lead another suit",
        Reason.NO_POINTS_ON_FIRST_TRICK: "No points on the first trick: no hearts, not the queen of spades",
        Reason.WRONG_PASS_COUNT: "Choose {count} cards to pass",
        Reason.DUPLICATE_CARD: "A card is chosen twice",
        Reason.ALREADY_PASSED: "You have already passed",
        Reason.NO_SUCH_SEAT: "There is no such seat",
    },
}

_PASS = {
    "da": {
        PassDirection.LEFT: "giv til venstre",
        PassDirection.RIGHT: "giv til højre",
        PassDirection.ACROSS: "giv til overfor",
        PassDirection.NONE: "ingen bytning",
    },
    "sv": {
        PassDirection.LEFT: "skicka till vänster",
        PassDirection.RIGHT: "skicka till höger",
        PassDirection.ACROSS: "skicka mittemot",
        PassDirection.NONE: "inget byte",
    },
    "en": {
        PassDirection.LEFT: "pass left",
        PassDirection.RIGHT: "pass right",
        PassDirection.ACROSS: "pass across",
        PassDirection.NONE: "no passing",
    },
}

_STRINGS: dict[str, dict[str, str]] = {
    "da": {
        "settings.limit": "Modstandernes betænkningstid",
        "bot.fault": "{name} ({bot}) fejlede ({fault}); i stedet spilles {cards}",
        "game": "Hjerterfri",
        "you": "Du",
        "start.title": "Nyt spil",
        "start.preset": "Regler",
        "start.bots": "Modstandere",
        "start.name": "Dit navn",
        "start.lang": "Sprog",
        "start.speed": "Tempo",
        "start.hint": "↑/↓ vælg linje · ←/→ skift · Enter starter spillet",
        "start.continue": "Fortsæt det gemte spil",
        "name.dansk": "Dansk",
        "name.dansk-hus": "Dansk husregel",
        "name.svensk": "Svensk",
        "preset.dansk": "Dansk: ingen point i første stik; lige laveste stilling er uafgjort.",
        "preset.dansk-hus": "Dansk husregel: som Dansk, men ved lige laveste stilling spilles der videre.",
        "preset.svensk": "Svensk: point må smides i første stik; lige laveste deler sejren.",
        "bots.let": "let: en begynder",
        "bots.middel": "middel: en solid spiller",
        "bots.svær": "svær: tænker sig grundigt om",
        "speed.slow": "langsomt",
        "speed.normal": "normalt",
        "speed.fast": "hurtigt",
        "speed.instant": "straks",
        "round": "Runde {n}",
        "hearts.broken": "♥ åbnet",
        "hearts.closed": "♥ lukket",
        "cards.left": "{n} kort",
        "points.total": "{n} point",
        "points.round": "+{n} i runden",
        "points.hidden": "runden skjult",
        "turn.you": "Din tur: spil et kort",
        "turn.you.lead": "Din tur: spil ud",
        "turn.bot": "{name} tænker …",
        "pass.choose": "Vælg {count} kort at give til {name} ({chosen}/{count})",
        "pass.ready": "Tryk p for at give {cards} til {name}",
        "pass.waiting": "Venter på de andre …",
        "pass.received": "Du fik {cards} fra {name}",
        "trick.won": "{name} tager stikket",
        "trick.won.points": "{name} tager stikket ({n} point)",
        "trick.continue": "tryk en tast",
        "trick.none": "Intet stik er spillet endnu",
        "trick.last": "Sidste stik",
        "played": "{name}: {card}",
        "won.log": "{name} tager stikket med {card}",
        "log.title": "Spillede kort",
        "log.round": "Runde {n}",
        "summary.title": "Runde {n} er slut",
        "summary.round": "Runden",
        "summary.total": "I alt",
        "summary.player": "Spiller",
        "summary.moon": "{name} samlede! {name} får 0, alle andre 26.",
        "summary.next": "Enter: næste runde",
        "summary.end": "Enter: se resultatet",
        "summary.history": "Stilling runde for runde",
        "end.title": "Spillet er slut",
        "end.win": "{name} vinder!",
        "end.you.win": "Du vinder!",
        "end.draw": "Uafgjort mellem {names}",
        "end.shared": "{names} deler sejren",
        "end.again": "n: nyt spil · q: afslut",
        "end.playon": "Lige laveste stilling: der spilles videre",
        "quit.ask": "Vil du afslutte spillet?",
        "quit.saved": "Spillet er gemt: fortsæt det med c på startskærmen eller med hjerterfri continue.",
        "quit.yes": "Ja, afslut",
        "quit.no": "Nej, spil videre",
        "help.title": "Taster",
        "rules.title": "Reglerne",
        "rules.missing": "Reglerne (docs/regler.md) blev ikke fundet.",
        "scores.title": "Stillingen",
        "settings.title": "Indstillinger",
        "settings.speed": "Modstandernes tempo",
        "settings.pause": "Stikket bliver liggende",
        "settings.hold": "Vent på en tast efter stik",
        "settings.hide": "Skjul rundens point",
        "settings.colours": "Firefarvet kortspil",
        "settings.ascii": "Bogstaver for farver (S H D C)",
        "settings.lang": "Sprog",
        "settings.hint": "↑/↓ vælg · ←/→ skift · Esc lukker",
        "yes": "ja",
        "no": "nej",
        "seconds": "{n} s",
        "too.small": "Vinduet er for lille: brug mindst {w}×{h} (nu {cw}×{ch})",
        "no.saved": "Der er ingen gemte spil endnu.",
        "no.unfinished": "Der er intet ufærdigt spil at fortsætte.",
        "save.failed": "Spillet kan ikke gemmes ({error}); du kan spille videre.",
        "settings.save.failed": "Indstillingerne kan ikke gemmes ({error}).",
        "settings.broken": "Indstillingerne kunne ikke læses, standard bruges: {error}",
        "key.resume": "fortsæt gemt spil",
        "key.card": "kort",
        "key.trick": "stik",
        "key.round": "runde",
        "key.goto": "gå til runde",
        "key.hands": "alle hænder",
        "replay.title": "Genspil",
        "replay.step": "trin {i}/{n}",
        "replay.trick": "stik {i}/{n}",
        "replay.dealt": "kortene er givet",
        "replay.refused": "Resten af loggen blev afvist",
        "key.left": "venstre",
        "key.right": "højre",
        "key.play": "spil",
        "key.choose": "vælg",
        "key.pass": "giv kort",
        "key.continue": "videre",
        "key.help": "hjælp",
        "key.rules": "regler",
        "key.last": "sidste stik",
        "key.scores": "stilling",
        "key.hide": "skjul point",
        "key.log": "kortliste",
        "key.settings": "indstillinger",
        "key.quit": "afslut",
        "key.close": "luk",
        "key.start": "start",
        "key.new": "nyt spil",
        "start.players": "Spillere",
        "start.variant": "Variant",
        "players.n": "{n} spillere",
        "variant.standard": "giv til venstre, højre, ingen bytning",
        "variant.left-right": "giv kun til venstre og højre",
        "variant.play-twice": "alle kort gives: to kort i første stik",
        "variant.no-two": "uden klør 2: 17 kort hver, klør 3 spiller ud",
        "kitty.lying": "kitty: {n} kort",
        "kitty.owner": "kitty: {name}",
        "kitty.taken": "{name} tager kittyen",
        "kitty.you": "Du tager kittyen: {cards}",
        "kitty.summary": "Kittyen: {cards} ({name})",
        "turn.you.again": "Din tur igen: dit andet kort i første stik",
        "hint.play": "Tip: spil {card}",
        "hint.pass": "Tip: giv {cards}",
        "hint.thinking": "Finder et tip …",
        "hint.none": "Intet tip her: svær kan ikke regne stillingen ud",
        "key.hint": "tip",
        "help.text": (
            "←/→        flyt mellem dine kort\n"
            "Enter/mellemrum  spil kortet (under bytning: vælg/fravælg)\n"
            "klik       spil eller vælg et kort\n"
            "p          giv de valgte kort videre\n"
            "i          tip: hvad svær ville gøre\n"
            "l          se sidste stik\n"
            "s          stillingen runde for runde\n"
            "h          skjul/vis rundens point\n"
            "t          liste over spillede kort i ord\n"
            "o          indstillinger\n"
            "r          reglerne\n"
            "?          denne hjælp\n"
            "q          afslut (spørger først)"
        ),
    },
    "sv": {
        "settings.limit": "Motståndarnas betänketid",
        "bot.fault": "{name} ({bot}) fallerade ({fault}); i stället spelas {cards}",
        "game": "Hjärter",
        "you": "Du",
        "start.title": "Nytt spel",
        "start.preset": "Regler",
        "start.bots": "Motståndare",
        "start.name": "Ditt namn",
        "start.lang": "Språk",
        "start.speed": "Tempo",
        "start.hint": "↑/↓ välj rad · ←/→ byt · Enter startar spelet",
        "start.continue": "Fortsätt sparat spel",
        "name.dansk": "Dansk",
        "name.dansk-hus": "Dansk husregel",
        "name.svensk": "Svensk",
        "preset.dansk": "Dansk: inga poäng i första sticket; delad lägsta poäng är oavgjort.",
        "preset.dansk-hus": "Dansk husregel: som Dansk, men vid delad lägsta poäng spelar man vidare.",
        "preset.svensk": "Svensk: poäng får sakas i första sticket; delad lägsta poäng delar vinsten.",
        "bots.let": "let: en nybörjare",
        "bots.middel": "middel: en stabil spelare",
        "bots.svær": "svær: tänker efter ordentligt",
        "speed.slow": "långsamt",
        "speed.normal": "normalt",
        "speed.fast": "snabbt",
        "speed.instant": "direkt",
        "round": "Giv {n}",
        "hearts.broken": "♥ sakad",
        "hearts.closed": "♥ ej sakad",
        "cards.left": "{n} kort",
        "points.total": "{n} poäng",
        "points.round": "+{n} i given",
        "points.hidden": "given dold",
        "turn.you": "Din tur: spela ett kort",
        "turn.you.lead": "Din tur: spela ut",
        "turn.bot": "{name} tänker …",
        "pass.choose": "Välj {count} kort att skicka till {name} ({chosen}/{count})",
        "pass.ready": "Tryck p för att skicka {cards} till {name}",
        "pass.waiting": "Väntar på de andra …",
        "pass.received": "Du fick {cards} från {name}",
        "trick.won": "{name} tar sticket",
        "trick.won.points": "{name} tar sticket ({n} poäng)",
        "trick.continue": "tryck en tangent",
        "trick.none": "Inget stick är spelat än",
        "trick.last": "Senaste sticket",
        "played": "{name}: {card}",
        "won.log": "{name} tar sticket med {card}",
        "log.title": "Spelade kort",
        "log.round": "Giv {n}",
        "summary.title": "Giv {n} är slut",
        "summary.round": "Given",
        "summary.total": "Totalt",
        "summary.player": "Spelare",
        "summary.moon": "{name} tog hem alla! {name} får 0, alla andra 26.",
        "summary.next": "Enter: nästa giv",
        "summary.end": "Enter: se resultatet",
        "summary.history": "Ställning giv för giv",
        "end.title": "Spelet är slut",
        "end.win": "{name} vinner!",
        "end.you.win": "Du vinner!",
        "end.draw": "Oavgjort mellan {names}",
        "end.shared": "{names} delar vinsten",
        "end.again": "n: nytt spel · q: avsluta",
        "end.playon": "Delad lägsta poäng: man spelar vidare",
        "quit.ask": "Vill du avsluta spelet?",
        "quit.saved": "Spelet är sparat: fortsätt det med c på startskärmen eller med hjerterfri continue.",
        "quit.yes": "Ja, avsluta",
        "quit.no": "Nej, spela vidare",
        "help.title": "Tangenter",
        "rules.title": "Reglerna",
        "rules.missing": "Reglerna (docs/regler.md) hittades inte.",
        "scores.title": "Ställningen",
        "settings.title": "Inställningar",
        "settings.speed": "Motståndarnas tempo",
        "settings.pause": "Sticket ligger kvar",
        "settings.hold": "Vänta på en tangent efter stick",
        "settings.hide": "Dölj givens poäng",
        "settings.colours": "Fyrfärgad kortlek",
        "settings.ascii": "Bokstäver för färger (S H D C)",
        "settings.lang": "Språk",
        "settings.hint": "↑/↓ välj · ←/→ byt · Esc stänger",
        "yes": "ja",
        "no": "nej",
        "seconds": "{n} s",
        "too.small": "Fönstret är för litet: minst {w}×{h} behövs (nu {cw}×{ch})",
        "no.saved": "Det finns inga sparade spel än.",
        "no.unfinished": "Det finns inget oavslutat spel att fortsätta.",
        "save.failed": "Spelet kan inte sparas ({error}); du kan spela vidare.",
        "settings.save.failed": "Inställningarna kan inte sparas ({error}).",
        "settings.broken": "Inställningarna kunde inte läsas, standard används: {error}",
        "key.resume": "fortsätt sparat spel",
        "key.card": "kort",
        "key.trick": "stick",
        "key.round": "giv",
        "key.goto": "gå till giv",
        "key.hands": "alla händer",
        "replay.title": "Repris",
        "replay.step": "steg {i}/{n}",
        "replay.trick": "stick {i}/{n}",
        "replay.dealt": "korten är utdelade",
        "replay.refused": "Resten av loggen avvisades",
        "key.left": "vänster",
        "key.right": "höger",
        "key.play": "spela",
        "key.choose": "välj",
        "key.pass": "skicka",
        "key.continue": "vidare",
        "key.help": "hjälp",
        "key.rules": "regler",
        "key.last": "senaste stick",
        "key.scores": "ställning",
        "key.hide": "dölj poäng",
        "key.log": "kortlista",
        "key.settings": "inställningar",
        "key.quit": "avsluta",
        "key.close": "stäng",
        "key.start": "starta",
        "key.new": "nytt spel",
        "start.players": "Spelare",
        "start.variant": "Variant",
        "players.n": "{n} spelare",
        "variant.standard": "skicka till vänster, höger, inget byte",
        "variant.left-right": "skicka bara till vänster och höger",
        "variant.play-twice": "alla kort delas ut: två kort i första sticket",
        "variant.no-two": "utan klöver 2: 17 kort var, klöver 3 spelar ut",
        "kitty.lying": "talong: {n} kort",
        "kitty.owner": "talong: {name}",
        "kitty.taken": "{name} tar talongen",
        "kitty.you": "Du tar talongen: {cards}",
        "kitty.summary": "Talongen: {cards} ({name})",
        "turn.you.again": "Din tur igen: ditt andra kort i första sticket",
        "hint.play": "Tips: spela {card}",
        "hint.pass": "Tips: skicka {cards}",
        "hint.thinking": "Letar efter ett tips …",
        "hint.none": "Inget tips här: svær klarar inte ställningen",
        "key.hint": "tips",
        "help.text": (
            "←/→        flytta mellan dina kort\n"
            "Enter/mellanslag  spela kortet (vid byte: välj/välj bort)\n"
            "klick      spela eller välj ett kort\n"
            "p          skicka de valda korten\n"
            "i          tips: vad svær skulle göra\n"
            "l          se senaste sticket\n"
            "s          ställningen giv för giv\n"
            "h          dölj/visa givens poäng\n"
            "t          lista över spelade kort i ord\n"
            "o          inställningar\n"
            "r          reglerna\n"
            "?          denna hjälp\n"
            "q          avsluta (frågar först)"
        ),
    },
    "en": {
        "settings.limit": "Opponents' time to think",
        "bot.fault": "{name} ({bot}) failed ({fault}); {cards} is played instead",
        "game": "Hearts",
        "you": "You",
        "start.title": "New game",
        "start.preset": "Rules",
        "start.bots": "Opponents",
        "start.name": "Your name",
        "start.lang": "Language",
        "start.speed": "Pace",
        "start.hint": "↑/↓ choose a line · ←/→ change · Enter starts the game",
        "start.continue": "Continue the saved game",
        "name.dansk": "Danish",
        "name.dansk-hus": "Danish house rule",
        "name.svensk": "Swedish",
        "preset.dansk": "Danish: no points on the first trick; a tie for lowest is a draw.",
        "preset.dansk-hus": "Danish house rule: as Danish, but a tie for lowest plays on.",
        "preset.svensk": "Swedish: points may fall on the first trick; tied lowest share the win.",
        "bots.let": "let: a beginner",
        "bots.middel": "middel: a solid player",
        "bots.svær": "svær: thinks hard",
        "speed.slow": "slow",
        "speed.normal": "normal",
        "speed.fast": "fast",
        "speed.instant": "instant",
        "round": "Round {n}",
        "hearts.broken": "♥ broken",
        "hearts.closed": "♥ not broken",
        "cards.left": "{n} cards",
        "points.total": "{n} points",
        "points.round": "+{n} this round",
        "points.hidden": "round hidden",
        "turn.you": "Your turn: play a card",
        "turn.you.lead": "Your turn: lead",
        "turn.bot": "{name} is thinking …",
        "pass.choose": "Choose {count} cards to pass to {name} ({chosen}/{count})",
        "pass.ready": "Press p to pass {cards} to {name}",
        "pass.waiting": "Waiting for the others …",
        "pass.received": "You received {cards} from {name}",
        "trick.won": "{name} takes the trick",
        "trick.won.points": "{name} takes the trick ({n} points)",
        "trick.continue": "press a key",
        "trick.none": "No trick has been played yet",
        "trick.last": "Last trick",
        "played": "{name}: {card}",
        "won.log": "{name} takes the trick with {card}",
        "log.title": "Cards played",
        "log.round": "Round {n}",
        "summary.title": "Round {n} is over",
        "summary.round": "Round",
        "summary.total": "Total",
        "summary.player": "Player",
        "summary.moon": "{name} shot the moon! {name} scores 0, everyone else 26.",
        "summary.next": "Enter: next round",
        "summary.end": "Enter: see the result",
        "summary.history": "Scores round by round",
        "end.title": "The game is over",
        "end.win": "{name} wins!",
        "end.you.win": "You win!",
        "end.draw": "A draw between {names}",
        "end.shared": "{names} share the win",
        "end.again": "n: new game · q: quit",
        "end.playon": "A tie for lowest: play goes on",
        "quit.ask": "Quit the game?",
        "quit.saved": "The game is saved: continue it with c on the start screen or with hjerterfri continue.",
        "quit.yes": "Yes, quit",
        "quit.no": "No, play on",
        "help.title": "Keys",
        "rules.title": "The rules",
        "rules.missing": "The rules (docs/regler.md) were not found.",
        "scores.title": "Scores",
        "settings.title": "Settings",
        "settings.speed": "Opponents' pace",
        "settings.pause": "A finished trick stays",
        "settings.hold": "Wait for a key after a trick",
        "settings.hide": "Hide this round's points",
        "settings.colours": "Four-colour deck",
        "settings.ascii": "Letters for suits (S H D C)",
        "settings.lang": "Language",
        "settings.hint": "↑/↓ choose · ←/→ change · Esc closes",
        "yes": "yes",
        "no": "no",
        "seconds": "{n} s",
        "too.small": "The window is too small: need {w}×{h} (now {cw}×{ch})",
        "no.saved": "There are no saved games yet.",
        "no.unfinished": "There is no unfinished game to continue.",
        "save.failed": "The game cannot be saved ({error}); you can play on.",
        "settings.save.failed": "The settings cannot be saved ({error}).",
        "settings.broken": "The settings could not be read; using the defaults: {error}",
        "key.resume": "continue saved game",
        "key.card": "card",
        "key.trick": "trick",
        "key.round": "round",
        "key.goto": "go to round",
        "key.hands": "all hands",
        "replay.title": "Replay",
        "replay.step": "step {i}/{n}",
        "replay.trick": "trick {i}/{n}",
        "replay.dealt": "the cards are dealt",
        "replay.refused": "The rest of the log was refused",
        "key.left": "left",
        "key.right": "right",
        "key.play": "play",
        "key.choose": "choose",
        "key.pass": "pass",
        "key.continue": "continue",
        "key.help": "help",
        "key.rules": "rules",
        "key.last": "last trick",
        "key.scores": "scores",
        "key.hide": "hide points",
        "key.log": "card list",
        "key.settings": "settings",
        "key.quit": "quit",
        "key.close": "close",
        "key.start": "start",
        "key.new": "new game",
        "start.players": "Players",
        "start.variant": "Variant",
        "players.n": "{n} players",
        "variant.standard": "pass left, right, no passing",
        "variant.left-right": "pass only left and right",
        "variant.play-twice": "all cards dealt: two cards in the first trick",
        "variant.no-two": "no two of clubs: 17 cards each, the 3 of clubs leads",
        "kitty.lying": "kitty: {n} cards",
        "kitty.owner": "kitty: {name}",
        "kitty.taken": "{name} takes the kitty",
        "kitty.you": "You take the kitty: {cards}",
        "kitty.summary": "The kitty: {cards} ({name})",
        "turn.you.again": "Your turn again: your second card in the first trick",
        "hint.play": "Hint: play {card}",
        "hint.pass": "Hint: pass {cards}",
        "hint.thinking": "Looking for a hint …",
        "hint.none": "No hint here: svær cannot work this position out",
        "key.hint": "hint",
        "help.text": (
            "←/→        move over your cards\n"
            "Enter/Space  play the card (when passing: choose/unchoose)\n"
            "click      play or choose a card\n"
            "p          pass the chosen cards\n"
            "i          hint: what svær would do\n"
            "l          look at the last trick\n"
            "s          the scores round by round\n"
            "h          hide/show this round's points\n"
            "t          a list of the cards played, in words\n"
            "o          settings\n"
            "r          the rules\n"
            "?          this help\n"
            "q          quit (asks first)"
        ),
    },
}

_SYMBOL_TO_SUIT = {s.symbol: s for s in Suit}


class Texts:
    """The strings of one language."""

    def __init__(self, lang: str = "da", *, ascii_suits: bool = False) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; choose from {', '.join(LANGUAGES)}")
        self.lang = lang
        self.ascii_suits = ascii_suits
        self._strings = _STRINGS[lang]

    def __call__(self, key: str, **values: Any) -> str:
        """The text for ``key``, filled in with ``values``."""
        text = self._strings[key].format(**values)
        return self._ascii(text) if self.ascii_suits else text

    def has(self, key: str) -> bool:
        return key in self._strings

    def _ascii(self, text: str) -> str:
        for suit in Suit:
            text = text.replace(suit.symbol, suit.letter)
        return text

    def suit_name(self, suit: Suit) -> str:
        return SUIT_NAMES[self.lang][suit]

    def card_name(self, card: Card) -> str:
        """The card in words: "spar dame", "spader dam", "queen of spades", "hjerter 7"."""
        suit = SUIT_NAMES[self.lang][card.suit]
        rank = FACE_NAMES[self.lang].get(card.rank, str(card.rank))
        if self.lang == "en":
            return f"{rank} of {suit}"
        return f"{suit} {rank}"

    def card_short(self, card: Card) -> str:
        """The card as rank and suit sign: "Q♠", "10♥" (or "QS", "TH" in ASCII)."""
        if self.ascii_suits:
            return str(card)
        rank = "10" if card.rank == 10 else card.rank_text
        return rank + card.suit.symbol

    def cards_short(self, cards: list[Card]) -> str:
        return " ".join(self.card_short(c) for c in cards)

    def preset_name(self, name: str) -> str:
        """A preset's name in this language ("Dansk husregel"), or the rules' own name as it is."""
        key = f"name.{name}"
        return self(key) if key in self._strings else name

    def pass_direction(self, direction: PassDirection) -> str:
        return _PASS[self.lang][direction]

    def reason(self, error: IllegalMoveError, names: list[str] | tuple[str, ...] = ()) -> str:
        """Why the engine refused a move, in this language."""
        details = dict(error.details)
        if "suit" in details:
            suit = _SYMBOL_TO_SUIT.get(details["suit"])
            if suit is not None:
                details["suit"] = suit.letter if self.ascii_suits else suit.symbol
        if "card" in details:
            with contextlib.suppress(ValueError):
                details["card"] = self.card_name(Card.parse(str(details["card"])))
        if "turn" in details:
            turn = details["turn"]
            details["name"] = names[turn] if 0 <= turn < len(names) else str(turn)
        text = _REASONS[self.lang][error.reason].format_map(_Default(details))
        return self._ascii(text) if self.ascii_suits else text

    def outcome(self, kind: OutcomeKind, names: list[str]) -> str:
        joined = self.join(names)
        if kind is OutcomeKind.WIN:
            return self("end.win", name=names[0])
        if kind is OutcomeKind.DRAW:
            return self("end.draw", names=joined)
        return self("end.shared", names=joined)

    def join(self, names: list[str]) -> str:
        """ "A, B og C"."""
        if len(names) < 2:
            return "".join(names)
        word = {"da": "og", "sv": "och", "en": "and"}[self.lang]
        return f"{', '.join(names[:-1])} {word} {names[-1]}"


class _Default(dict):
    def __missing__(self, key: str) -> str:
        return "?"


def all_keys() -> dict[str, set[str]]:
    """Each language's string keys (for tests: every language has every text)."""
    return {lang: set(strings) for lang, strings in _STRINGS.items()}


def reason_texts(lang: str) -> dict[Reason, str]:
    return dict(_REASONS[lang])

// Answering by clicking the table: which option a click on a card or a square
// chooses. The server sends each option of the seat's decision with the card it
// plays (if that card is on the table) and the squares its text names, in order;
// an option naming two squares moves from the first to the last.
//
//   a card that one option plays: that option;
//   a card that several options play (its targets): the card is picked, the squares
//     its options name are highlighted and the targets that are no square are offered;
//   a square that options start from: it is picked, and the squares they end on are
//     highlighted; a click on one of those chooses the option;
//   a square that one option names alone ("place on e1"): that option.
//
// When a click still fits several options, they are offered as buttons (#chooser).
"use strict";

Object.assign(boardcore, {
  offers(shown) {
    const data = shown.querySelector("script.offers");
    return data ? JSON.parse(data.textContent) : [];
  },

  last(offer) {
    return offer.squares[offer.squares.length - 1];
  },

  pool(offers, choice) {
    return choice && choice.card ? offers.filter((o) => o.card === choice.card) : offers;
  },

  pickCard(offers, card, choice) {
    const mine = offers.filter((o) => o.card === card);
    if (!mine.length) return null;
    if (mine.length === 1) return {answer: mine[0].index};
    if (choice && choice.card === card) return {choice: null}; // a second click puts it back
    return {choice: {card, among: mine.filter((o) => !o.squares.length)}};
  },

  pickSquare(offers, square, choice) {
    const pool = boardcore.pool(offers, choice).filter((o) => o.squares.length);
    const card = choice ? choice.card : undefined;
    if (choice && choice.from) {
      const ends = pool.filter((o) => o.squares.length > 1 && o.squares[0] === choice.from && boardcore.last(o) === square);
      if (ends.length === 1) return {answer: ends[0].index};
      if (ends.length > 1) return {choice: {card, from: choice.from, among: ends}};
      if (square === choice.from) return {choice: card ? {card, among: []} : null}; // picked again: put back
    }
    const alone = pool.filter((o) => o.squares.length === 1 && o.squares[0] === square);
    const starts = pool.filter((o) => o.squares.length > 1 && o.squares[0] === square);
    if (starts.length) return {choice: {card, from: square, among: alone}};
    if (alone.length === 1) return {answer: alone[0].index};
    if (alone.length > 1) return {choice: {card, among: alone}};
    return null;
  },

  // Mark what may be clicked now (.can), what is picked (.picked), where the picked
  // piece may go (.to); offer the options a click left open as buttons.
  highlight(shown, offers, choice) {
    shown.querySelectorAll(".can, .to, .picked").forEach((e) => e.classList.remove("can", "to", "picked"));
    const pool = boardcore.pool(offers, choice);
    const mark = (selector, name) => {
      const element = shown.querySelector(selector);
      if (element) element.classList.add(name);
    };
    if (!choice || !choice.card) {
      for (const o of offers) if (o.card) mark(`.card[data-card="${CSS.escape(o.card)}"]`, "can");
    } else {
      mark(`.card[data-card="${CSS.escape(choice.card)}"]`, "picked");
    }
    for (const o of pool) if (o.squares.length) mark(`td.sq[data-square="${o.squares[0]}"]`, "can");
    if (choice && choice.from) {
      mark(`td.sq[data-square="${choice.from}"]`, "picked");
      for (const o of pool) {
        if (o.squares.length > 1 && o.squares[0] === choice.from) mark(`td.sq[data-square="${boardcore.last(o)}"]`, "to");
      }
    }
    const chooser = shown.querySelector("#chooser");
    if (!chooser) return;
    chooser.replaceChildren();
    chooser.hidden = !choice;
    if (!choice) return;
    const said = document.createElement("span");
    said.className = "small";
    said.textContent = choice.among && choice.among.length ? "Choose: " : "Now click a highlighted square. ";
    chooser.append(said);
    for (const o of choice.among || []) {
      const button = document.createElement("button");
      button.className = "option";
      button.dataset.index = o.index;
      button.textContent = o.text;
      chooser.append(button);
    }
    const cancel = document.createElement("button");
    cancel.className = "cancel";
    cancel.textContent = "cancel";
    chooser.append(cancel);
  },

  offerClicks(element) {
    const shown = element.querySelector(".table");
    if (shown) boardcore.highlight(shown, boardcore.offers(shown), null);
  },
});

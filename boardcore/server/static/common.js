// Shared by the lobby and the match page: seat tokens kept in this browser, and
// calls to the JSON API that turn an error response into its message.
"use strict";

const boardcore = {
  // The tokens this browser holds for a match: {seat: token}. A token is sent back
  // by the server once, when the seat is joined, so it is kept here.
  seats(matchId) {
    try {
      return JSON.parse(localStorage.getItem("boardcore.seats." + matchId)) || {};
    } catch (e) {
      return {};
    }
  },

  keepSeat(matchId, seat, token) {
    const seats = boardcore.seats(matchId);
    seats[seat] = token;
    localStorage.setItem("boardcore.seats." + matchId, JSON.stringify(seats));
  },

  async api(method, url, body, token) {
    const headers = {"Content-Type": "application/json"};
    if (token) headers["Authorization"] = "Bearer " + token;
    const response = await fetch(url, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
    let data = null;
    try {
      data = await response.json();
    } catch (e) {
      data = null;
    }
    if (!response.ok) {
      throw new Error((data && data.error) || response.status + " " + response.statusText);
    }
    return data;
  },

  showError(element, message) {
    element.textContent = message;
    element.hidden = !message;
  },
};

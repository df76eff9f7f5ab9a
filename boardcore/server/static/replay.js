// A replay: the table after any number of answers, asked of the server one step at a
// time (GET /api/matches/ID/replay?step=K&seat=S), which rebuilds it and sends only
// what the chosen point of view may see. Buttons, the slider and the arrow keys step.
"use strict";

(function () {
  const root = document.getElementById("replay");
  const table = document.getElementById("table");
  const slider = document.getElementById("step");
  const where = document.getElementById("where");
  const seat = document.getElementById("seat");
  const errorBox = document.getElementById("page-error");
  const matchId = root.dataset.match;
  let steps = Number(root.dataset.steps);
  let step = steps;
  let asked = 0; // only the answer to the latest request is drawn

  async function show(wanted) {
    step = Math.max(0, Math.min(wanted, steps));
    slider.value = step;
    const mine = ++asked;
    const query = new URLSearchParams({step: String(step)});
    if (seat.value !== "") query.set("seat", seat.value);
    try {
      const answer = await boardcore.api("GET", `/api/matches/${matchId}/replay?${query}`);
      if (mine !== asked) return;
      boardcore.showError(errorBox, "");
      steps = answer.steps;
      slider.max = steps;
      table.innerHTML = answer.html;
      where.textContent = `step ${answer.step} of ${answer.steps}`;
      root.dataset.step = answer.step;
    } catch (error) {
      if (mine === asked) boardcore.showError(errorBox, error.message);
    }
  }

  document.getElementById("first").addEventListener("click", () => show(0));
  document.getElementById("back").addEventListener("click", () => show(step - 1));
  document.getElementById("forward").addEventListener("click", () => show(step + 1));
  document.getElementById("last").addEventListener("click", () => show(Infinity));
  slider.addEventListener("input", () => show(Number(slider.value)));
  seat.addEventListener("change", () => show(step));
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select")) return;
    const moves = {ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: Infinity};
    if (event.key in moves) {
      event.preventDefault();
      show(moves[event.key]);
    }
  });
  show(step);
})();

// The replay page for a saved file: its text is sent to the server, which checks it,
// hosts it as a match and answers with the match's links; the replay opens.
"use strict";

(function () {
  const input = document.getElementById("save-file");
  const errorBox = document.getElementById("upload-error");
  document.getElementById("open-save").addEventListener("click", async () => {
    boardcore.showError(errorBox, "");
    const file = input.files[0];
    if (!file) {
      boardcore.showError(errorBox, "Choose a saved match first.");
      return;
    }
    try {
      const match = await boardcore.api("POST", "/api/replays", {save: await file.text()});
      window.location.href = match.links.replay;
    } catch (error) {
      boardcore.showError(errorBox, error.message);
    }
  });
})();

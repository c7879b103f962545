// The training room's own script (no inline script anywhere: the CSP forbids it).
"use strict";

// the alert region is hidden while empty (so that it is never a second, empty alert), and
// shown when something is written into it: by this script or by an out-of-band swap
function showAlert(text) {
  var alert = document.getElementById("alert");
  if (alert) {
    if (text !== undefined) {
      alert.textContent = text;
    }
    alert.hidden = alert.textContent.trim() === "";
  }
}
document.addEventListener("htmx:afterSettle", function () {
  showAlert();
});

// an htmx request that fails (a server error, a lost connection) says so in the alert region
document.addEventListener("htmx:responseError", function (event) {
  showAlert("That did not work (error " + event.detail.xhr.status + "). Try again.");
});
document.addEventListener("htmx:sendError", function () {
  showAlert("The connection is lost: nothing was saved from that last step. Try again when you are back online.");
});

// keys 1 to 9 choose the answer (tap the step, choose the move) of that number on a question page;
// not while typing in a field, nor with a modifier key held
document.addEventListener("keydown", function (event) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) {
    return;
  }
  if (!/^[1-9]$/.test(event.key)) {
    return;
  }
  var target = event.target;
  var typing = target && (target.isContentEditable || /^(TEXTAREA|SELECT)$/.test(target.tagName)
    || (target.tagName === "INPUT" && !/^(radio|checkbox)$/.test(target.type)));
  if (typing) {
    return;
  }
  var button = document.querySelector('main [data-key="' + event.key + '"]');
  if (button && !button.disabled) {
    event.preventDefault();
    button.click();  // a radio answer is chosen (not yet sent); an order step is tapped
    if (button.type === "radio") {
      button.focus();
    }
  }
});

// Enter sends the chosen answer (a radio's own Enter does nothing in most browsers): on a
// chosen radio, or with nothing focused; requestSubmit goes through htmx like a tap on Submit
document.addEventListener("keydown", function (event) {
  if (event.key !== "Enter" || event.ctrlKey || event.metaKey || event.altKey || event.repeat) {
    return;
  }
  var target = event.target;
  var onRadio = target && target.type === "radio";
  if (!onRadio && target !== document.body) {
    return;
  }
  var chosen = document.querySelector("main form.question input[type=radio]:checked");
  if (chosen && chosen.form) {
    event.preventDefault();
    chosen.form.requestSubmit();
  }
});

// after a swap into the page, the focus goes to the new heading (htmx focuses [autofocus]);
// if nothing took it, the page's own heading takes it rather than the body
document.addEventListener("htmx:afterSettle", function (event) {
  if (!event.detail || !event.detail.target || event.detail.target.id !== "main") {
    return;
  }
  if (document.activeElement && document.activeElement !== document.body) {
    return;
  }
  var heading = document.querySelector("main [autofocus]") || document.querySelector("main h1");
  if (heading) {
    heading.focus();
  }
});

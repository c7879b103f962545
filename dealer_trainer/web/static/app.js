// The training room's own script (no inline script anywhere: the CSP forbids it).
"use strict";

// an htmx request that fails (a server error, a lost connection) says so in the alert region
document.addEventListener("htmx:responseError", function (event) {
  var alert = document.getElementById("alert");
  if (alert) {
    alert.textContent = "That did not work (error " + event.detail.xhr.status + "). Try again.";
  }
});
document.addEventListener("htmx:sendError", function () {
  var alert = document.getElementById("alert");
  if (alert) {
    alert.textContent = "The connection is lost: nothing was saved from that last step. Try again when you are back online.";
  }
});

// The exam's clock (templates/exam/item.html): counts down from the seconds the server left
// (the server keeps the deadline; this only shows it), and when it reaches zero submits the
// exam with the answers saved. Without JavaScript the server still ends the attempt on time.
// With a minute left it says so once, in the page's alert region (base.html): the clock
// itself is not a live region, or a screen reader would read it out every second.
(function () {
  "use strict";
  var timer = document.getElementById("exam-timer");
  var form = document.getElementById("exam-submit");
  if (!timer || !form) { return; }
  var clock = timer.querySelector(".clock");
  var end = Date.now() + 1000 * parseInt(timer.getAttribute("data-remaining") || "0", 10);
  var sent = false;
  var warned = false;
  function warn() {
    var alert = document.getElementById("alert");
    if (!alert) { return; }
    var line = document.createElement("p");
    line.textContent = "One minute left: when it runs out, your saved answers are submitted.";
    alert.appendChild(line);
    alert.hidden = false;
  }
  function pad(n) { return n < 10 ? "0" + n : String(n); }
  function tick() {
    var left = Math.max(0, Math.round((end - Date.now()) / 1000));
    clock.textContent = Math.floor(left / 60) + ":" + pad(left % 60);
    if (left <= 60 && left > 0 && !warned) {
      warned = true;
      warn();
    }
    if (left <= 0 && !sent) {
      sent = true;
      form.submit();
      return;
    }
    window.setTimeout(tick, 1000);
  }
  tick();
})();

// The exam's clock (templates/exam/item.html): counts down from the seconds the server left
// (the server keeps the deadline; this only shows it), and when it reaches zero submits the
// exam with the answers saved. Without JavaScript the server still ends the attempt on time.
(function () {
  "use strict";
  var timer = document.getElementById("exam-timer");
  var form = document.getElementById("exam-submit");
  if (!timer || !form) { return; }
  var clock = timer.querySelector(".clock");
  var end = Date.now() + 1000 * parseInt(timer.getAttribute("data-remaining") || "0", 10);
  var sent = false;
  function pad(n) { return n < 10 ? "0" + n : String(n); }
  function tick() {
    var left = Math.max(0, Math.round((end - Date.now()) / 1000));
    clock.textContent = Math.floor(left / 60) + ":" + pad(left % 60);
    if (left === 60) { timer.setAttribute("role", "alert"); }
    if (left <= 0 && !sent) {
      sent = true;
      form.submit();
      return;
    }
    window.setTimeout(tick, 1000);
  }
  tick();
})();

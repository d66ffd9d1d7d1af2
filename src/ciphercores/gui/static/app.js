// SPDX-License-Identifier: Apache-2.0
// ciphercores GUI: plain JavaScript, no build step. Talks to the JSON API of docs/gui.md.
// Checks every field before sending (the server checks again); keys stay in the page and in
// the one request that uses them.
"use strict";

const $ = (id) => document.getElementById(id);
const FIELDS = ["cipher", "mode", "engine", "core", "key", "iv", "pad", "message", "aad", "tag",
                "direction"];

const state = {
  catalogue: null,      // GET /api/ciphers
  engines: [],          // GET /api/engines for the chosen cipher and mode
  file: null,           // {name, bytes: Uint8Array} when the message is a file
  result: null,         // {bytes: Uint8Array, name, answer}
  lastDirection: "encrypt",
  busy: false,
  liveTimer: null,
  seq: 0,
  runs: 0,              // finished runDirection calls (shown as body[data-runs], for tests)
};

// ---------------------------------------------------------------------------------------
// bytes
// ---------------------------------------------------------------------------------------

const HEX_RE = /^[0-9a-fA-F]*$/;

function toBase64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(s);
}

function fromBase64(b64) {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function cleanHex(text) {
  let t = text.replace(/\s+/g, "");
  if (t.slice(0, 2).toLowerCase() === "0x") t = t.slice(2);
  return t;
}

// the server's wording (frontend.parse_hex): "" when the hex is well formed
function hexProblem(what, hex) {
  if (!HEX_RE.test(hex)) return `${what} is not hexadecimal`;
  if (hex.length % 2) return `${what} has an odd number of hex digits`;
  return "";
}

function randomHex(n) {
  const b = new Uint8Array(n);
  crypto.getRandomValues(b);
  return toHex(b);
}

function sequenceHex(n, start) {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = (start + i) & 0xff;
  return toHex(b);
}

// ---------------------------------------------------------------------------------------
// the choices
// ---------------------------------------------------------------------------------------

function cipherInfo() {
  return state.catalogue.ciphers.find((c) => c.name === $("cipher").value);
}

function engineInfo() {
  return state.engines.find((e) => e.id === $("engine").value);
}

// GCM (AES): an authenticated mode, ciphertext followed by the tag
function isAead(mode) {
  return state.catalogue.aead_modes.includes(mode === undefined ? $("mode").value : mode);
}

function defaultKeySize(c) {
  return c.key_sizes.length > 3 ? 16 : c.key_sizes[0];
}

// this run's token, which the server wrote into the page: the API answers only with it
const TOKEN = document.querySelector('meta[name="ciphercores-token"]').content;

async function api(path, body) {
  const headers = {"X-CipherCores-Token": TOKEN};
  const opts = body === undefined ? {headers} : {
    method: "POST", headers: {...headers, "Content-Type": "application/json"},
    body: JSON.stringify(body)};
  const r = await fetch(path, opts);
  let data;
  try {
    data = await r.json();
  } catch (e) {
    data = {ok: false, errors: [{field: null, message: `server answered ${r.status}`}]};
  }
  return {status: r.status, data};
}

async function loadCatalogue() {
  const {data} = await api("/api/ciphers");
  state.catalogue = data;
  const sel = $("cipher");
  const groups = {};
  for (const c of data.ciphers) {
    if (!groups[c.family]) {
      groups[c.family] = document.createElement("optgroup");
      groups[c.family].label = c.family;
      sel.appendChild(groups[c.family]);
    }
    const o = new Option(c.rtl ? c.name : `${c.name} (model only)`, c.name);
    groups[c.family].appendChild(o);
  }
  for (const m of data.modes) $("mode").appendChild(new Option(m.toUpperCase(), m));
  sel.value = data.default.cipher;
  $("mode").value = data.default.mode;
  onCipherChange();
}

function onCipherChange() {
  const c = cipherInfo();
  $("key-hint").textContent = `${c.name}: key of ${c.key_hint}`;
  const key = cleanHex($("key").value);
  if (!HEX_RE.test(key) || key.length % 2 || !c.key_sizes.includes(key.length / 2)) {
    $("key").value = sequenceHex(defaultKeySize(c), 0x00);
  }
  // the modes this cipher takes (GCM: AES only)
  for (const o of $("mode").options) o.disabled = o.hidden = !c.modes.includes(o.value);
  if (!c.modes.includes($("mode").value)) $("mode").value = "cbc";
  onModeChange();
}

// an IV of the length the mode takes: one block, or for GCM 12 bytes (any length from 1)
function ivSize() {
  return isAead() ? state.catalogue.gcm.iv_recommended : cipherInfo().block_size;
}

function fitIv() {
  const c = cipherInfo();
  const iv = cleanHex($("iv").value);
  const bad = !HEX_RE.test(iv) || iv.length % 2 || !iv.length;
  const blockDefault = iv === sequenceHex(c.block_size, 0xa0);
  if (isAead() ? bad || blockDefault : bad || iv.length !== 2 * c.block_size) {
    $("iv").value = sequenceHex(ivSize(), 0xa0);
  }
}

function onModeChange() {
  const mode = $("mode").value;
  const c = cipherInfo();
  $("iv-field").hidden = mode === "ecb";
  $("pad-field").hidden = !state.catalogue.padded_modes.includes(mode);
  $("aad-field").hidden = !isAead(mode);
  $("iv-hint").textContent = isAead(mode) ? `GCM: ${state.catalogue.gcm.iv_hint}`
                                          : `one block: ${c.iv_hint}`;
  $("aad-hint").textContent = `the ${state.catalogue.gcm.tag_bytes}-byte tag covers it; ` +
    `decryption needs the same AAD`;
  fitIv();
  loadEngines();
}

async function loadEngines() {
  const seq = ++state.seq;
  const q = new URLSearchParams({cipher: $("cipher").value, mode: $("mode").value});
  const {status, data} = await api(`/api/engines?${q}`);
  if (seq !== state.seq) return;  // a newer choice is loading
  if (status !== 200) {
    showErrors(data.errors);
    return;
  }
  state.engines = data;
  const sel = $("engine");
  const previous = sel.value;
  sel.innerHTML = "";
  for (const e of data) sel.appendChild(new Option(e.label, e.id));
  if (data.some((e) => e.id === previous)) sel.value = previous;
  sel.dataset.for = `${q.get("cipher")}-${q.get("mode")}`;  // what the list is for (tests)
  onEngineChange();
}

function onEngineChange() {
  const e = engineInfo();
  const info = $("engine-info");
  if (!e) {
    info.textContent = "";
    return;
  }
  const parts = [e.summary];
  if (e.engine === "rtl") {
    parts.push(`for ${e.cycles_for}: latency ${e.latency} cycles, interval ${e.interval} ` +
               `cycles, key setup ${e.key_setup} cycles (registry's cycle model)`);
    const m = e.measured;
    if (m) {
      const fmt = (v, d) => (v === null || v === undefined ? "–" : Number(v).toFixed(d));
      parts.push(`measured on ${m.target}${e.hw_mode ? " (block cipher core alone)" : ""}: ` +
                 `${fmt(m.fmax_mhz, 1)} MHz, ${fmt(m.lut, 0)} LUT, ${fmt(m.ff, 0)} FF, ` +
                 `${fmt(m.gbps, 3)} Gbit/s${m.gbps_for ? ` for ${m.gbps_for}` : ""}`);
    } else {
      parts.push("no synthesis figures cached on this machine (ciphercores synth)");
    }
  } else if (!cipherInfo().rtl) {
    parts.push(`no registered RTL core implements ${cipherInfo().name} yet`);
  }
  info.textContent = parts.join(" · ");
}

// ---------------------------------------------------------------------------------------
// checks in the page (the server repeats them)
// ---------------------------------------------------------------------------------------

function clearErrors() {
  for (const f of FIELDS) {
    const el = $(`${f}-error`);
    if (el) el.textContent = "";
    const input = $(f);
    if (input) input.classList.remove("invalid");
  }
  $("form-error").textContent = "";
}

function showErrors(errors) {
  for (const {field, message} of errors || []) {
    const el = field && $(`${field}-error`);
    if (el) {
      el.textContent = el.textContent ? `${el.textContent}; ${message}` : message;
      const input = $(field);
      if (input) input.classList.add("invalid");
    } else {
      $("form-error").textContent = message;
    }
  }
}

function messageBytesLength() {
  if (state.file) return state.file.bytes.length;
  const text = $("message").value;
  if ($("message-format").value === "hex") return cleanHex(text).length / 2;
  return new TextEncoder().encode(text).length;
}

function checkForm(direction) {
  const errors = [];
  const c = cipherInfo();
  const mode = $("mode").value;
  const key = cleanHex($("key").value);
  if (!key) errors.push({field: "key", message: "a key is required"});
  else if (hexProblem("key", key)) {
    errors.push({field: "key", message: hexProblem("key", key)});
  } else if (!c.key_sizes.includes(key.length / 2)) {
    errors.push({field: "key", message: `${c.name}: key is ${key.length / 2} bytes; ` +
                                        `allowed: ${c.key_hint}`});
  }
  if (mode !== "ecb") {
    const iv = cleanHex($("iv").value);
    if (!iv) errors.push({field: "iv", message: `an IV of ${ivSize()} bytes is required`});
    else if (hexProblem("IV", iv)) {
      errors.push({field: "iv", message: hexProblem("IV", iv)});
    } else if (!isAead(mode) && iv.length / 2 !== c.block_size) {
      errors.push({field: "iv", message: `IV is ${iv.length / 2} bytes; it must be ` +
                                         `${c.block_size} bytes`});
    }
  }
  if (!state.file && $("message-format").value === "hex") {
    const t = cleanHex($("message").value);
    if (hexProblem("message", t)) {
      errors.push({field: "message", message: hexProblem("message", t)});
    }
  }
  if (isAead(mode) && $("aad-format").value === "hex") {
    const t = cleanHex($("aad").value);
    if (hexProblem("aad", t)) errors.push({field: "aad", message: hexProblem("aad", t)});
  }
  if (!errors.some((e) => e.field === "message")) {
    const n = messageBytesLength();
    const tagBytes = state.catalogue.gcm.tag_bytes;
    if (isAead(mode) && direction === "decrypt" && n < tagBytes) {
      errors.push({field: "tag", message: `the input is ${n} bytes, shorter than the ` +
                                          `${tagBytes}-byte tag that must end it`});
    }
    const padded = state.catalogue.padded_modes.includes(mode);
    const pad = padded && $("pad").checked;
    const bs = c.block_size;
    if (n > state.catalogue.limits.max_bytes) {
      errors.push({field: "message", message: `message is ${n} bytes; at most ` +
                                              `${state.catalogue.limits.max_bytes} bytes`});
    } else if (padded && direction === "decrypt" && (n % bs || (pad && n === 0))) {
      errors.push({field: "message", message: `ciphertext of ${n} bytes is not a whole ` +
                                              `number of ${bs}-byte blocks`});
    } else if (padded && direction === "encrypt" && !pad && n % bs) {
      errors.push({field: "message", message: `without padding the message must be whole ` +
                                              `${bs}-byte blocks; got ${n} bytes`});
    }
  }
  return errors;
}

function requestBody(direction) {
  const e = engineInfo();
  const body = {
    cipher: $("cipher").value, mode: $("mode").value, direction,
    key: $("key").value, engine: e && e.engine === "model" ? "model" : "rtl",
    pad: $("pad").checked, trace: $("want-trace").checked,
  };
  if (e && e.engine === "rtl") body.core = e.id;
  if (body.mode !== "ecb") body.iv = $("iv").value;
  if (isAead(body.mode)) body.aad = {format: $("aad-format").value, data: $("aad").value};
  if (state.file) body.message = {format: "base64", data: toBase64(state.file.bytes)};
  else body.message = {format: $("message-format").value, data: $("message").value};
  return body;
}

// ---------------------------------------------------------------------------------------
// running
// ---------------------------------------------------------------------------------------

function finished() {
  document.body.dataset.runs = String(++state.runs);
}

async function runDirection(direction, quiet) {
  if (state.busy) return;
  state.lastDirection = direction;
  clearErrors();
  const errors = checkForm(direction);
  if (errors.length) {
    showErrors(errors);
    hideResult();
    if (!quiet) $("status").textContent = "nothing ran: fix the marked fields";
    finished();
    return;
  }
  state.busy = true;
  $("encrypt").disabled = $("decrypt").disabled = true;
  const e = engineInfo();
  // a core whose co-simulation model is not built yet is built first: tens of seconds, once
  $("status").textContent = e && e.engine === "rtl" && !e.built
    ? `building the Verilator model of ${e.core} (once; up to a minute), then ${direction}ing…`
    : `${direction}ing…`;
  try {
    const {status, data} = await api("/api/run", requestBody(direction));
    if (status !== 200 || !data.ok) {
      showErrors(data.errors);
      hideResult();
      $("status").textContent = "nothing ran: fix the marked fields";
      if ((data.errors || []).some((x) => x.field === "tag")) {
        $("status").textContent = "decryption refused: the tag does not match; nothing " +
                                  "decrypted";
      }
      if (status >= 500) $("status").textContent = "the run failed";
      return;
    }
    for (const x of state.engines) if (x.id === data.core) x.built = true;
    showResult(data);
    $("status").textContent = runSummary(data);
  } catch (e) {
    $("form-error").textContent = `cannot reach the server (${e.message})`;
    $("status").textContent = "";
  } finally {
    state.busy = false;
    $("encrypt").disabled = $("decrypt").disabled = false;
    finished();
  }
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function duration(s) {
  return s < 1 ? `${(s * 1000).toPrecision(3)} ms` : `${s.toFixed(2)} s`;
}

function runSummary(a) {
  // wall time of the whole request on the server; the core's own time is in clock cycles
  let text = `${a.direction}ed in ${duration(a.seconds)} wall time`;
  if (a.opened) {
    text += a.opened.built
      ? `, of which ${duration(a.opened.seconds)} building the Verilator model (once)`
      : `, of which ${duration(a.opened.seconds)} opening the core`;
  }
  if (a.cycles) text += `; ${a.cycles.total} clock cycles in the core`;
  return text;
}

function hideResult() {
  state.result = null;
  $("result").hidden = true;
}

function showResult(a) {
  const bytes = fromBase64(a.output.base64);
  const base = state.file ? state.file.name : "message";
  state.result = {bytes, answer: a,
                  name: `${base}.${a.direction === "encrypt" ? "enc" : "dec"}`};
  $("result").hidden = false;
  const where = a.engine === "rtl"
    ? `${a.where}; ${a.hw_mode ? `${a.mode.toUpperCase()} in hardware` :
        (a.mode === "ecb" ? "ECB" : `${a.mode.toUpperCase()} on the host`)}`
    : a.where;
  const summary = $("result-summary");
  summary.textContent = `${a.name} ${a.direction}: ${a.input_bytes} bytes in, ` +
                        `${a.output.bytes} bytes out, on ${where}. `;
  if (a.model_agrees !== null) {
    const s = document.createElement("span");
    s.id = "model-agrees";
    s.className = a.model_agrees ? "agree" : "disagree";
    s.textContent = a.model_agrees ? "RTL result = reference model's."
                                   : "RTL result differs from the reference model's!";
    summary.appendChild(s);
  }
  const tag = $("result-tag");
  tag.hidden = !a.aead;
  if (a.aead) {
    tag.textContent = a.direction === "encrypt"
      ? `tag ${a.aead.tag} (the output's last ${a.aead.tag_bytes} bytes, after the ` +
        `ciphertext), over the ciphertext and ${plural(a.aead.aad_bytes, "byte")} of AAD`
      : `tag ${a.aead.tag} verified: the message and ${plural(a.aead.aad_bytes, "byte")} ` +
        `of AAD are as they were encrypted`;
  }
  if (a.output.shown) {
    $("result-hex").value = a.output.hex;
    $("result-text").value = a.output.text === null ? "(not UTF-8 text)" : a.output.text;
  } else {
    $("result-hex").value = `(${a.output.bytes} bytes: too large to show; download it, or ` +
                            `use it as input)`;
    $("result-text").value = "";
  }
  if (a.cycles) {
    const c = a.cycles;
    $("cycles").textContent = `core clock cycles: ${c.total} for ${c.blocks} blocks` +
      (c.per_block ? ` (${c.per_block} per block)` : "") + `, key load ${c.key} cycles before` +
      ` (registry for ${c.cycles_for}: interval ${c.interval}, key set-up ${c.key_setup}` +
      (c.key > c.key_setup ? `; the key load took longer: the server resets the core ` +
                             `after each run (wiping the key), and after a reset the core ` +
                             `first sets up the all-zero key or wipes its output FIFO` : "") +
      ")" +
      (c.fmax_mhz ? `; at the measured ${Number(c.fmax_mhz).toFixed(1)} MHz (${c.target}) ` +
                    `that is ${Number(c.us_at_fmax).toPrecision(3)} µs of hardware time` : "");
  } else {
    $("cycles").textContent = "software run: no clock cycles";
  }
  renderTrace(a.trace, a.input_bytes);
}

function renderTrace(trace, n) {
  const body = $("trace-body");
  body.innerHTML = "";
  const details = $("trace");
  if (!trace) {
    details.hidden = false;
    body.textContent = !$("want-trace").checked ?
      `no trace: tick "round trace" to get one (its values give the round keys, and so ` +
      `the key)` :
      `no trace: messages up to ${state.catalogue.limits.trace_bytes} bytes ` +
      `get one (this one is ${n} bytes)`;
    return;
  }
  details.hidden = false;
  const note = document.createElement("p");
  note.className = "hint";
  note.textContent = `every block-cipher call of the mode as the reference model computes ` +
    `it (${trace.calls.length} of ${trace.total_calls} shown): block input → output as ` +
    `bytes, then the state after each round as the model names it (hex integers, the ` +
    `cipher's own notation)`;
  body.appendChild(note);
  trace.calls.forEach((c, i) => {
    const head = document.createElement("div");
    head.className = "trace-head";
    head.textContent = `block ${i + 1}: ${c.direction} ${c.input} → ${c.output}`;
    body.appendChild(head);
    const table = document.createElement("table");
    table.className = "trace";
    const tr = table.insertRow();
    for (const h of ["round", ...c.columns]) {
      const th = document.createElement("th");
      th.textContent = h;
      tr.appendChild(th);
    }
    for (const r of c.rounds) {
      const row = table.insertRow();
      row.insertCell().textContent = r.round;
      for (const col of c.columns) row.insertCell().textContent = r.values[col] ?? "";
    }
    const wrap = document.createElement("div");
    wrap.className = "trace-wrap";  // a wide table scrolls inside its card
    wrap.appendChild(table);
    body.appendChild(wrap);
  });
}

function useAsInput() {
  if (!state.result) return;
  const r = state.result;
  if (r.answer.output.shown) {
    clearFile();
    $("message-format").value = "hex";
    $("message").value = r.answer.output.hex;
  } else {
    setFile(r.name, r.bytes);
  }
  clearErrors();
  $("status").textContent = "result moved to the message";
}

function download() {
  if (!state.result) return;
  const url = URL.createObjectURL(new Blob([state.result.bytes],
                                           {type: "application/octet-stream"}));
  const a = document.createElement("a");
  a.href = url;
  a.download = state.result.name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function setFile(name, bytes) {
  state.file = {name, bytes};
  $("message").value = `file ${name}: ${bytes.length} bytes`;
  $("message").disabled = true;
  $("message-format").disabled = true;
  $("file-clear").hidden = false;
  updateMessageHint();
}

function clearFile() {
  if (!state.file) return;
  state.file = null;
  $("file").value = "";
  $("message").value = "";
  $("message").disabled = false;
  $("message-format").disabled = false;
  $("file-clear").hidden = true;
  updateMessageHint();
}

function updateMessageHint() {
  const c = state.catalogue && cipherInfo();
  if (!c) return;
  let n;
  try {
    n = messageBytesLength();
  } catch (e) {
    n = NaN;
  }
  $("message-hint").textContent = Number.isInteger(n)
    ? `${n} bytes, ${plural(Math.ceil(n / c.block_size), "block")} of ${c.block_size} bytes`
    : "";
}

// an error shown beside a field is checked again at every edit: it goes once the field is
// fixed (a refusal only the server can see goes at the next edit, which may have fixed it)
function recheck() {
  const marked = FIELDS.filter((f) => $(`${f}-error`) && $(`${f}-error`).textContent);
  if (!marked.length && !$("form-error").textContent) return;
  const now = checkForm(state.lastDirection).filter((e) => marked.includes(e.field));
  clearErrors();
  showErrors(now);
  if (!now.length && $("status").textContent.startsWith("nothing ran")) {
    $("status").textContent = "";
  }
}

function scheduleLive() {
  updateMessageHint();
  recheck();
  if (!$("live").checked) return;
  clearTimeout(state.liveTimer);
  state.liveTimer = setTimeout(() => runDirection(state.lastDirection, true), 400);
}

// ---------------------------------------------------------------------------------------

function wire() {
  $("cipher").addEventListener("change", () => { onCipherChange(); scheduleLive(); });
  $("mode").addEventListener("change", () => { onModeChange(); scheduleLive(); });
  $("engine").addEventListener("change", () => { onEngineChange(); scheduleLive(); });
  $("key-random").addEventListener("click", () => {
    const c = cipherInfo();
    const cur = cleanHex($("key").value);
    const n = HEX_RE.test(cur) && c.key_sizes.includes(cur.length / 2) ? cur.length / 2
      : defaultKeySize(c);
    $("key").value = randomHex(n);
    scheduleLive();
  });
  $("iv-random").addEventListener("click", () => {
    $("iv").value = randomHex(ivSize());
    scheduleLive();
  });
  for (const id of ["key", "iv", "message", "message-format", "pad", "aad", "aad-format"]) {
    $(id).addEventListener("input", scheduleLive);
  }
  $("file").addEventListener("change", async () => {
    const f = $("file").files[0];
    if (!f) return;
    setFile(f.name, new Uint8Array(await f.arrayBuffer()));
    scheduleLive();
  });
  $("file-clear").addEventListener("click", () => { clearFile(); scheduleLive(); });
  $("form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    runDirection("encrypt", false);
  });
  $("decrypt").addEventListener("click", () => runDirection("decrypt", false));
  $("use-as-input").addEventListener("click", useAsInput);
  $("download").addEventListener("click", download);
}

wire();
loadCatalogue().then(updateMessageHint).catch((e) => {
  $("form-error").textContent = `cannot load the catalogue (${e.message})`;
});

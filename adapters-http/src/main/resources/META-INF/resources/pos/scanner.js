'use strict';
// The till: a scanner PIN opens a session; a pass QR code is read from the camera, a photo, or
// typed/pasted text, and checked with POST /v1/pass/verify; the answer is shown large.
(function () {
  const $ = (id) => document.getElementById(id);
  const KEY = 'walletstate.scanner';
  let session = JSON.parse(sessionStorage.getItem(KEY) || 'null');
  let stream = null;
  let busy = false;

  async function call(path, body, headers) {
    const response = await fetch(path, {
      method: 'POST',
      headers: Object.assign({ 'Content-Type': 'application/json' }, headers || {}),
      body: JSON.stringify(body),
    });
    let json = {};
    try {
      json = await response.json();
    } catch (e) {
      // an empty or non-JSON answer: the status says it all
    }
    return { status: response.status, json };
  }

  function loggedIn() {
    $('login').classList.add('hidden');
    $('scan').classList.remove('hidden');
    $('title').textContent = session.name;
    $('store-paused').classList.toggle('hidden', !session.paused);
    $('store-tiers').replaceChildren(StoreTiers.table(session.store || {}, `Discounts at ${session.name}`));
  }

  $('login').addEventListener('submit', async (event) => {
    event.preventDefault();
    $('error').textContent = '';
    const merchantId = $('merchant').value.trim();
    const { status, json } = await call('/v1/scanner/session', { merchantId, pin: $('pin').value });
    $('pin').value = '';
    if (status !== 200) {
      $('error').textContent = json.error ? json.error.message : `Login failed (HTTP ${status})`;
      return;
    }
    session = {
      token: json.data.session,
      name: json.data.merchant.companyName || merchantId,
      paused: json.data.paused,
      store: json.data.merchant,
    };
    sessionStorage.setItem(KEY, JSON.stringify(session));
    loggedIn();
  });

  function show(kind, status, discount, tier, paused, detail) {
    const box = $('result');
    box.className = kind;
    $('result-status').textContent = status;
    $('result-discount').textContent = discount;
    $('result-tier').textContent = tier;
    $('result-paused').textContent = paused;
    $('result-detail').textContent = detail;
  }

  const REASONS = {
    stale: 'The pass has expired: ask the customer to open their pass again.',
    invalid_signature: 'This code was not issued by the service.',
    paused: 'Recognition is paused at this store.',
  };

  async function check(code) {
    if (busy || !code) return;
    busy = true;
    try {
      const { status, json } = await call('/v1/pass/verify', { code: code.trim() }, { 'X-Scanner-Session': session.token });
      if (status === 401) {
        logout('The session has ended; log in again.');
        return;
      }
      if (status !== 200) {
        show('no', 'NOT CHECKED', '', '', '', json.error ? json.error.message : `HTTP ${status}`);
        return;
      }
      const d = json.data;
      if (d.paused) {
        show('paused', 'PAUSED', '', '', 'Store paused', REASONS.paused);
      } else if (d.recognized) {
        show('ok', 'RECOGNIZED', `${d.discount}%`, d.tier ? `Tier: ${d.tier}` : 'No tier', '',
          d.wallet ? `Wallet ${d.wallet}` : '');
      } else {
        show('no', 'NOT RECOGNIZED', '0%', '', '', REASONS[d.reason] || d.message || '');
      }
    } finally {
      busy = false;
    }
  }

  function decode(image, width, height) {
    const found = jsQR(image.data, width, height, { inversionAttempts: 'attemptBoth' });
    return found ? found.data : null;
  }

  async function camera() {
    if (stream) return stopCamera();
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
    } catch (e) {
      $('error').textContent = 'No camera available: take a photo or paste the code instead.';
      return;
    }
    const video = $('video');
    video.srcObject = stream;
    video.classList.remove('hidden');
    await video.play();
    $('camera').textContent = 'Stop the camera';
    const canvas = $('frame');
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    const tick = async () => {
      if (!stream) return;
      if (video.readyState === video.HAVE_ENOUGH_DATA) {
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        ctx.drawImage(video, 0, 0);
        const code = decode(ctx.getImageData(0, 0, canvas.width, canvas.height), canvas.width, canvas.height);
        if (code) {
          // one scan per customer: the camera stops at a code, so a QR held in view is not
          // checked (and charged) again and again; staff start it for the next customer
          stopCamera();
          await check(code);
          return;
        }
      }
      setTimeout(tick, 250);
    };
    tick();
  }

  function stopCamera() {
    if (stream) stream.getTracks().forEach((t) => t.stop());
    stream = null;
    $('video').classList.add('hidden');
    $('camera').textContent = 'Scan with the camera';
  }

  $('photo').addEventListener('change', async () => {
    const file = $('photo').files[0];
    if (!file) return;
    const bitmap = await createImageBitmap(file);
    const canvas = $('frame');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    ctx.drawImage(bitmap, 0, 0);
    const code = decode(ctx.getImageData(0, 0, bitmap.width, bitmap.height), bitmap.width, bitmap.height);
    $('photo').value = '';
    if (code) {
      await check(code);
    } else {
      show('no', 'NO CODE FOUND', '', '', '', 'No QR code in the photo; try again closer.');
    }
  });

  $('paste').addEventListener('submit', async (event) => {
    event.preventDefault();
    await check($('code').value);
    $('code').value = '';
  });

  function logout(message) {
    stopCamera();
    session = null;
    sessionStorage.removeItem(KEY);
    $('scan').classList.add('hidden');
    $('login').classList.remove('hidden');
    $('result').className = 'hidden';
    $('title').textContent = 'Scanner';
    $('error').textContent = message || '';
  }

  const preset = new URLSearchParams(location.search).get('store');
  if (preset) $('merchant').value = preset;
  $('camera').addEventListener('click', camera);
  $('logout').addEventListener('click', () => logout());
  if (session) loggedIn();
})();

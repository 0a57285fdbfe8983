// The schematic page view's script (src/site/schematic/page.tsx): draws the page with pdf.js (its browser
// build, copied from pdfjs-dist into public/schematic/vendor/ at install) from the member's signed link, read with
// Range requests; places the name's marks and the page's links over their boxes (fractions of the page); zoom
// with the buttons, the wheel with Ctrl or + and −, pan by dragging. Sets data-ready on the root once drawn.
const root = document.querySelector("[data-schematic]");
if (root) start(root);

/** Bytes asked per Range request. */
const CHUNK = 128 * 1024;

/** A byte range of the file through its signed link (206 with Content-Range; a 200 is the whole file). */
async function fetchRange(url, begin, end) {
  const res = await fetch(url, { headers: { Range: `bytes=${begin}-${end - 1}` } });
  if (res.status !== 206 && res.status !== 200) throw new Error(`the file answered ${res.status}`);
  const total = Number((res.headers.get("Content-Range") || "").split("/")[1]) || Number(res.headers.get("Content-Length"));
  return { bytes: new Uint8Array(await res.arrayBuffer()), total, whole: res.status === 200 };
}

/**
 * pdf.js reading the file only through Range requests: its first chunk tells the length, pdf.js asks for the
 * rest as the page needs it (a whole download never starts, however large the file).
 */
async function rangeTransport(pdfjs, url) {
  const first = await fetchRange(url, 0, CHUNK);
  const transport = new pdfjs.PDFDataRangeTransport(first.total, first.bytes, first.whole || first.bytes.length >= first.total);
  transport.requestDataRange = (begin, end) => {
    fetchRange(url, begin, end).then(
      (range) => transport.onDataRange(begin, range.bytes),
      (error) => transport.abort(error),
    );
  };
  return transport;
}

async function start(root) {
  const words = JSON.parse(root.dataset.words || "{}");
  const status = root.querySelector("[data-status]");
  const frame = root.querySelector(".sv-frame");
  const sheet = root.querySelector(".sv-sheet");
  const canvas = sheet.querySelector("canvas");
  for (const el of sheet.querySelectorAll("[data-box]")) {
    const [x, y, w, h] = el.dataset.box.split(",").map(Number);
    Object.assign(el.style, { left: `${x * 100}%`, top: `${y * 100}%`, width: `${w * 100}%`, height: `${h * 100}%` });
  }
  let zoom = 1;
  let page;
  let drawing = Promise.resolve();
  const draw = () => {
    drawing = drawing.then(async () => {
      const base = page.getViewport({ scale: 1 });
      const scale = (frame.clientWidth * zoom * (window.devicePixelRatio || 1)) / base.width;
      const viewport = page.getViewport({ scale: Math.min(scale, 8) });
      canvas.width = Math.round(viewport.width);
      canvas.height = Math.round(viewport.height);
      await page.render({ canvas, canvasContext: canvas.getContext("2d"), viewport }).promise;
    });
    return drawing;
  };
  const setZoom = (next) => {
    const before = zoom;
    zoom = Math.min(8, Math.max(1, next));
    if (zoom === before) return;
    sheet.style.width = `${zoom * 100}%`;
    draw();
  };
  try {
    const pdfjs = await import("/schematic/vendor/pdf.min.mjs");
    pdfjs.GlobalWorkerOptions.workerSrc = "/schematic/vendor/pdf.worker.min.mjs";
    const pdf = await pdfjs.getDocument({ range: await rangeTransport(pdfjs, root.dataset.file), rangeChunkSize: CHUNK, isEvalSupported: false })
      .promise;
    page = await pdf.getPage(Number(root.dataset.page));
    await draw();
    status.textContent = "";
    root.dataset.ready = "true";
  } catch (error) {
    status.textContent = words.failed || "";
    root.dataset.failed = String(error && error.message ? error.message : error);
    return;
  }
  for (const button of root.querySelectorAll("[data-zoom]")) {
    button.addEventListener("click", () => {
      const how = button.dataset.zoom;
      setZoom(how === "in" ? zoom * 1.5 : how === "out" ? zoom / 1.5 : 1);
    });
  }
  frame.addEventListener(
    "wheel",
    (event) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      setZoom(zoom * (event.deltaY < 0 ? 1.2 : 1 / 1.2));
    },
    { passive: false },
  );
  frame.tabIndex = 0;
  frame.addEventListener("keydown", (event) => {
    if (event.key === "+" || event.key === "=") setZoom(zoom * 1.5);
    else if (event.key === "-") setZoom(zoom / 1.5);
    else if (event.key === "0") setZoom(1);
  });
  // Dragging pans the frame; a press that does not move still follows a link.
  let drag;
  frame.addEventListener("pointerdown", (event) => {
    drag = { x: event.clientX, y: event.clientY, left: frame.scrollLeft, top: frame.scrollTop, moved: false };
  });
  frame.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 4) drag.moved = true;
    frame.scrollLeft = drag.left - dx;
    frame.scrollTop = drag.top - dy;
  });
  frame.addEventListener("pointerup", () => {
    setTimeout(() => {
      drag = undefined;
    });
  });
  frame.addEventListener(
    "click",
    (event) => {
      if (drag?.moved) event.preventDefault();
    },
    true,
  );
}

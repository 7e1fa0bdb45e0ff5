// The demo partner page: embeds the platform and answers its frame commands. Partners can copy it.
// Rules (docs/frame-protocol.md): accept only messages from the platform's exact origin and its
// iframe's window, of the protocol's shape and size; answer only to that origin, never "*".
const PROTOCOL = 'insurance-frame/1';
const MAX_CHARS = 16 * 1024;
const SCROLL_TO_TOP_DELAY_MS = 100;

// The platform runs on 127.0.0.1 and this page on localhost, so they are two origins as in real life.
if (location.hostname !== 'localhost') {
  location.replace(
    `${location.protocol}//localhost${location.port ? `:${location.port}` : ''}${location.pathname}${location.search}`,
  );
}
const childOrigin = `${location.protocol}//127.0.0.1${location.port ? `:${location.port}` : ''}`;
// ?seite=schaden embeds the claim entry, ?seite=fahrrad the bike application (prefilled below).
const PAGES = { schaden: '/schaden-melden', fahrrad: '/antrag/fahrrad' };
const page = PAGES[new URLSearchParams(location.search).get('seite')] ?? '/';

const iframe = document.getElementById('platform');
const log = document.getElementById('log');
const ignored = document.getElementById('ignored');
const where = document.getElementById('location');
iframe.src = `${childOrigin}${page}`;

const contract = { contractId: 'AS-10000101', productName: 'Privathaftpflicht', status: 'aktiv' };
const handlers = {
  getTheme: () => ({ primary: '#8a1538', onPrimary: '#ffffff', accent: '#f2c94c' }),
  getBrokerInfo: () => ({ vermittlerNummer: 'V-1001', name: 'Maklerbüro Beispiel' }),
  getContracts: () => ({ contracts: [contract] }),
  getAuthToken: () => ({ token: 'demo-token' }),
  getPartnerNumber: () => ({ partnerNummer: '2000101' }),
  getContract: () => contract,
  // The partner already knows the bike: the application starts with these answers.
  getEmbeddingApplication: () => ({
    application: 'demo-parent',
    version: '1',
    prefill: {
      insuranceSum: 1899,
      bikeManufacturer: 'Gazelle',
      bikeType: 'CITYBIKE',
      bikeFrameNumber: 'GZL-2024-77',
      riskLocation: '24103',
    },
  }),
  genericError: () => null,
  uninsurablePricingResult: () => null,
  contractConclusion: () => null,
  resize: ({ height }) => {
    if (Number.isInteger(height) && height >= 0 && height <= 100000)
      iframe.style.height = `${height}px`;
    return null;
  },
  scrollToTop: () => {
    setTimeout(() => window.scrollTo({ top: 0 }), SCROLL_TO_TOP_DELAY_MS);
    return null;
  },
  setLocation: ({ path }) => {
    if (typeof path === 'string') where.textContent = path;
    return null;
  },
};

function isRequest(data) {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  let size;
  try {
    size = JSON.stringify(data).length;
  } catch {
    return false;
  }
  return (
    size <= MAX_CHARS &&
    data.protocol === PROTOCOL &&
    data.kind === 'request' &&
    typeof data.id === 'string' &&
    /^[A-Za-z0-9-]{1,64}$/.test(data.id) &&
    typeof data.command === 'string' &&
    /^[a-zA-Z]{1,40}$/.test(data.command) &&
    typeof data.args === 'object' &&
    data.args !== null &&
    !Array.isArray(data.args)
  );
}

function note(text) {
  const item = document.createElement('li');
  item.textContent = text;
  log.append(item);
}

window.addEventListener('message', (event) => {
  if (
    event.origin !== childOrigin ||
    event.source !== iframe.contentWindow ||
    !isRequest(event.data)
  ) {
    ignored.textContent = String(Number(ignored.textContent) + 1);
    return;
  }
  const { id, command, args } = event.data;
  const reply = (ok, payload) =>
    iframe.contentWindow.postMessage(
      { protocol: PROTOCOL, kind: 'response', id, ok, ...payload },
      childOrigin,
    );
  if (!Object.prototype.hasOwnProperty.call(handlers, command)) {
    console.warn(`Unbekannter Befehl der Plattform: ${command}`);
    reply(false, { error: 'unknown command' });
    return;
  }
  note(command);
  reply(true, { result: handlers[command](args) });
});

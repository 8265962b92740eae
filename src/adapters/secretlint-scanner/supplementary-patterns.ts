/**
 * Secret formats secretlint's recommended preset (12.x) does not report, run through secretlint's
 * own maintained pattern rule. Each pattern's whole match is the secret: labels such as
 * `AZURE_TENANT_ID=` sit in lookbehinds, so only the value is replaced. Formats come from the
 * providers' documentation and from the rules secretlint added after 12.x (Stripe, Tailscale,
 * Cloudflare, Azure, secp256k1 private keys).
 */
export interface SupplementaryPattern {
  /** Reported as the rule name, e.g. `stripe`. */
  name: string;
  /** A cheap test: the pattern can only match a text this matches, so other texts skip it. */
  trigger: RegExp;
  /** The pattern (the rule adds the `g` and `u` flags). */
  pattern: RegExp;
}

/**
 * What joins a label to its value in `.env` lines, YAML, JSON and code: `=`, `:`, `=>`, `:=`, quotes
 * — also escaped quotes, as in a JSON file shown inside another JSON text (a tool result).
 */
const JOIN = String.raw`(?:\\*["'])?[ \t]*(?::|=>|:=|=)[ \t]*(?:\\*["'])?`;
/** The same, or prose: "my tenant id is …". */
const JOIN_OR_SAID = String.raw`(?:${JOIN}|[ \t]+(?:is|was|are|=)[ \t]+["'“]?)`;
/** A label's own word inside a longer identifier: `STRIPE_SECRET_KEY`, `slackBotToken`, `db.password`. */
const BEFORE_LABEL = String.raw`(?<![A-Za-z0-9])(?:[A-Za-z0-9]+[_.-])*[A-Za-z0-9]*`;
const AFTER_LABEL = String.raw`(?:[_.-][A-Za-z0-9]+)*`;
/** A line break in a text, or one written as `\\n` inside a quoted value (escaped once or more). */
const NEWLINE = String.raw`(?:\r?\n|\\+n)`;
const GUID = String.raw`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-f])`;

/** Characters a labelled value may hold (it ends at spaces, quotes, brackets and separators). */
const VALUE_CHAR = String.raw`[^\s"'\x60‘’“”<>,;(){}\[\]]`;
/**
 * A value after `context` (a label and what joins it) that looks like a credential: at least
 * `min` characters with a letter and a digit or symbol, not a path, an address, a template
 * (`${…}`) or a placeholder (`your-…`, `changeme`). Addresses that carry a password are the
 * basic-auth and connection-string rules'.
 */
function labelledValue(context: string, min: number): string {
  return [
    // The label is looked for first, and only where a value could start: most places in a long
    // text fail it at once, before the checks below read ahead through a word.
    String.raw`(?=${VALUE_CHAR})(?<=[:=\s"'“>\\])(?<=${context})`,
    String.raw`(?=${VALUE_CHAR}{${min},})`,
    String.raw`(?=${VALUE_CHAR}*[A-Za-z])`,
    String.raw`(?=${VALUE_CHAR}*[^A-Za-z_.\-\s"'\x60‘’“”<>,;(){}\[\]])`,
    String.raw`(?![./~]*/)`,
    String.raw`(?![A-Za-z][A-Za-z0-9+.-]*://)`,
    String.raw`(?!\$)`,
    String.raw`(?!(?:your|example|sample|dummy|placeholder|changeme|redacted|xxxx)${VALUE_CHAR}*(?!${VALUE_CHAR}))`,
    String.raw`${VALUE_CHAR}+`,
  ].join('');
}
/** Words that can only name a credential, alone or inside an identifier. */
const CREDENTIAL_LABEL = String.raw`(?:api[_ .-]?key|apikey|secret[_ .-]?key|access[_ .-]?key|client[_ .-]?secret|access[_ .-]?token|auth[_ .-]?token|refresh[_ .-]?token|private[_ .-]?key|password|passwd|passphrase|pwd)`;
/** Words that often name one but also mean other things in a story ("the secret: …"): longer values only. */
const LOOSE_LABEL = String.raw`(?:secret|token|credentials?|auth)`;

const source = (text: string, flags = 'giu'): RegExp => new RegExp(text, flags);

export const SUPPLEMENTARY_PATTERNS: readonly SupplementaryPattern[] = [
  {
    // The preset reports an access key id only next to its secret; alone it still opens the account.
    name: 'aws-access-key-id',
    trigger: /A(?:KIA|SIA|BIA|CCA|GPA|IDA|IPA|NPA|NVA|PKA|ROA|SCA)/,
    pattern: /(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|APKA|AROA|ASCA)[A-Z0-9]{16}(?![A-Z0-9])/gu,
  },
  {
    // The whole armoured block, however it is laid out: indented under a YAML key, with escaped
    // line breaks in an `.env` value or JSON, or a PGP private key block. A block with no line of
    // key material (`xxx`, `...`, `***`) is a placeholder.
    name: 'private-key-block',
    trigger: /PRIVATE KEY/,
    pattern: /-----BEGIN[ A-Z0-9_-]{0,40}PRIVATE KEY(?: BLOCK)?-----(?=(?:(?!-----END)[^]){0,400}?[A-Za-z0-9+/]{40})[^]{0,40000}?-----END[ A-Z0-9_-]{0,40}PRIVATE KEY(?: BLOCK)?-----/gu,
  },
  {
    name: 'aws-account-id',
    trigger: /account/i,
    pattern: source(String.raw`(?=\d{4}-?\d{4}-?\d{4}(?!\d))(?<=aws[_ .-]?account[_ .-]?(?:id|number)${JOIN_OR_SAID})\d{4}-?\d{4}-?\d{4}(?!\d)`),
  },
  {
    name: 'stripe',
    trigger: /(?:sk|rk)_(?:live|test)_|whsec_/,
    pattern: /(?<!\p{L})(?:(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{24,99}|whsec_[A-Za-z0-9+/]{32,})(?![A-Za-z0-9])/gu,
  },
  {
    name: 'tailscale',
    trigger: /tskey-/,
    pattern: /(?<!\p{L})tskey-[a-z]{2,20}-[0-9A-Za-z_]{8,40}-[0-9A-Za-z_]{16,60}(?![0-9A-Za-z_])/gu,
  },
  {
    name: 'cloudflare',
    trigger: /cf(?:k|ut|at)_|v1\.0-/,
    pattern: /(?<!\p{L})(?:(?:cfk|cfut|cfat)_[A-Za-z0-9]{40}[0-9a-f]{8}|v1\.0-[0-9a-f]{24}-[0-9a-f]{146})(?![A-Za-z0-9])/gu,
  },
  {
    // Tenant, client (application) and subscription ids are plain GUIDs: only a label marks them.
    name: 'azure-id',
    trigger: /(?:tenant|client|subscription|app|application|object|directory)[_ .-]?id/i,
    pattern: source(String.raw`(?=[0-9a-f]{8}-)(?<=(?<![A-Za-z])(?:azure|arm|aad|ad|ms)?[_ .-]?(?:tenant|client|subscription|app|application|object|directory)[_ .-]?id${JOIN_OR_SAID})${GUID}`),
  },
  {
    // Azure AD client secrets: three characters, a digit, then `Q~` and 31–34 more.
    name: 'azure-client-secret',
    trigger: /\d[Qq]~/,
    pattern: /(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}\d[Qq]~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/gu,
  },
  {
    name: 'azure-storage-key',
    trigger: /AccountKey|SharedAccessKey|[?&]sig=/i,
    pattern: /(?=[A-Za-z0-9%+/]{20})(?<=(?:AccountKey|SharedAccessKey)=|[?&]sig=)[A-Za-z0-9%+/]{20,}={0,2}/giu,
  },
  {
    // secp256k1 (Ethereum, Bitcoin) private keys: 64 hex digits after `0x` or after a key label.
    // A bare 64-digit hex string is a sha256 digest as often as a key, so it is left alone.
    name: 'hex-private-key',
    trigger: /0x[0-9a-fA-F]{8}|key/i,
    pattern: source(
      String.raw`(?<![0-9A-Za-z])0x[0-9a-fA-F]{64}(?![0-9A-Za-z])|(?=[0-9a-fA-F]{64}(?![0-9a-fA-F]))(?<=(?<![A-Za-z])(?:(?:private|priv|secret|signing|wallet|account|eth|btc)[_ .-]?key|privkey)${JOIN_OR_SAID}(?:0x)?)[0-9a-fA-F]{64}`,
    ),
  },
  {
    // Older OpenAI keys (`sk-` and 48 characters) and other `sk-` keys without the T3BlbkFJ marker.
    name: 'openai-style-key',
    trigger: /sk-/,
    pattern: /(?<![A-Za-z0-9_-])sk-(?:proj-|svcacct-|admin-)?(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/gu,
  },
  {
    name: 'google',
    trigger: /AIza|GOCSPX-|ya29\./,
    pattern: /(?<![A-Za-z0-9_-])(?:AIza[0-9A-Za-z_-]{35}|GOCSPX-[A-Za-z0-9_-]{28}|ya29\.[0-9A-Za-z_-]{20,})(?![A-Za-z0-9_-])/gu,
  },
  {
    // Layouts the preset's own rules leave partly or wholly unreported: an app-level Slack token's
    // last part, SendGrid keys with `-` or `_` in the first part, Vault batch and recovery tokens.
    name: 'preset-gaps',
    trigger: /xapp-|SG\.|hv[sbr]\./,
    pattern: /(?<![A-Za-z0-9])(?:xapp-\d-[A-Z0-9]+-\d+-[a-f0-9]+|SG\.[A-Za-z0-9_-]{20,24}\.[A-Za-z0-9_-]{40,46}|hv[sbr]\.[A-Za-z0-9_-]{24,})(?![A-Za-z0-9_-])/gu,
  },
  {
    name: 'json-web-token',
    trigger: /eyJ/,
    pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/gu,
  },
  {
    name: 'grafana-cloud',
    trigger: /glc_/,
    pattern: /(?<![A-Za-z0-9])glc_[A-Za-z0-9+/]{32,}={0,2}/gu,
  },
  {
    name: 'gitlab-tokens',
    trigger: /gl[a-z]{2,5}-/,
    pattern: /(?<![A-Za-z0-9])gl(?:dt|rt|ptt|ft|imt|oas|cbt|soat|agent)-[A-Za-z0-9_-]{20,}(?![A-Za-z0-9_-])/gu,
  },
  {
    name: 'more-providers',
    trigger: /dop_v1_|doo_v1_|dor_v1_|AGE-SECRET-KEY-|pypi-|sq0|PMAK-|sntrys_|key-[0-9a-f]{8}|-us\d|discord|ATATT|:AA/,
    pattern: source(
      [
        String.raw`do[opr]_v1_[a-f0-9]{64}`,
        String.raw`AGE-SECRET-KEY-1[0-9A-Z]{58}`,
        String.raw`pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}`,
        String.raw`sq0(?:atp|csp)-[A-Za-z0-9_-]{22,43}`,
        String.raw`PMAK-[0-9a-f]{24}-[0-9a-f]{34}`,
        String.raw`sntrys_[A-Za-z0-9+/=_-]{40,}`,
        String.raw`(?<![A-Za-z0-9])key-[0-9a-f]{32}(?![0-9a-f])`,
        String.raw`(?<![0-9a-f])[0-9a-f]{32}-us\d{1,2}(?![0-9])`,
        String.raw`https://(?:canary\.|ptb\.)?discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_-]{60,}`,
        String.raw`ATATT3[A-Za-z0-9_\-=]{100,}`,
        String.raw`(?<![0-9])\d{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])`,
      ].join('|'),
      'gu',
    ),
  },
  {
    // A `kind: Secret` manifest keeps its values under `data:` / `stringData:` (base64 is not a
    // lock): the whole block is the secret. Lines may be real or escaped (`\\n`), as when a
    // manifest sits in an `.env` value or JSON. The block is found first and only then is the
    // manifest's kind looked for, within the same document, so long texts stay linear.
    name: 'kubernetes-secret',
    trigger: /kind:[ \t]*["']?Secret/,
    pattern: source(
      String.raw`(?:data|stringData):(?<=kind:[ \t]*["']?Secret["']?(?:(?!---)[^]){0,3000}(?:data|stringData):)(?:[ \t]*${NEWLINE}[ \t]+[\w.-]+:[ \t]*(?:\\?["'])?[^\s"'\\]*(?:\\?["'])?)+`,
      'gu',
    ),
  },
  {
    // `scheme://user:password@host`, whatever the scheme (JDBC, Redis, AMQP, SFTP, …): the
    // credentials part. Placeholders (`${password}`, `user:password`) are dropped by the scanner.
    name: 'url-credentials',
    trigger: /:\/\/[^\s/]*:[^\s/]*@/,
    pattern: /(?<![A-Za-z0-9+.-])(?:jdbc:)?[a-z][a-z0-9+.-]*:\/\/[^\s:/@"'<>]+:[^\s@/"'<>]+@/giu,
  },
  {
    name: 'bearer-token',
    trigger: /bearer/i,
    pattern: /(?=[A-Za-z0-9._~+/-]{16})(?<=(?<![A-Za-z])bearer[ \t]+)(?=[A-Za-z0-9._~+/-]*\d)[A-Za-z0-9._~+/-]{16,}=*/giu,
  },
  {
    // What secretlint's pattern rule is documented for: `password=…`, `apikey: …`, `token = …`.
    name: 'labelled-credential',
    trigger: /key|secret|token|pass|pwd|credential|auth/i,
    pattern: source(
      [
        labelledValue(String.raw`${BEFORE_LABEL}${CREDENTIAL_LABEL}${AFTER_LABEL}${JOIN_OR_SAID}`, 8),
        labelledValue(String.raw`${BEFORE_LABEL}${LOOSE_LABEL}${AFTER_LABEL}${JOIN_OR_SAID}`, 12),
        // `.netrc` and command lines: `login mara password s3cr3t!x`.
        labelledValue(String.raw`(?<![A-Za-z0-9])(?:password|passwd|passphrase)[ \t]+`, 8),
      ].join('|'),
    ),
  },
  {
    name: 'authorization-header',
    trigger: /authorization/i,
    pattern: source(String.raw`(?=[A-Za-z0-9+/._~-]{12})(?<=authorization(?:\\*["'])?[ \t]*[:=][ \t]*(?:\\*["'])?(?:basic|bearer|token|digest|apikey)?[ \t]*)(?=[A-Za-z0-9+/._~-]*\d)[A-Za-z0-9+/._~-]{12,}=*`),
  },
];

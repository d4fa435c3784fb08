// Reference serializations computed by JavaScript itself, for the Java cross-check.
// Input (stdin): JSON array of described values; strings travel as arrays of UTF-16 code units
// and numbers as the 16 hex digits of their IEEE-754 bits, so nothing is lost in transit.
// Output (stdout): JSON array of {stringify, canonical, sortedTopLevel} per value.
import { readFileSync } from "node:fs";

const described = JSON.parse(readFileSync(0, "utf8"));

function build(d) {
  switch (d.t) {
    case "s": return String.fromCharCode(...d.u);
    case "n": {
      const view = new DataView(new ArrayBuffer(8));
      view.setBigUint64(0, BigInt("0x" + d.b));
      return view.getFloat64(0);
    }
    case "b": return d.v;
    case "z": return null;
    case "a": return d.e.map(build);
    case "o": {
      const o = {};
      for (const [k, v] of d.m) o[String.fromCharCode(...k)] = build(v);
      return o;
    }
    default: throw new Error("unknown tag " + d.t);
  }
}

function canonical(v) {
  if (Array.isArray(v)) return "[" + v.map((x) => canonical(x)).join(",") + "]";
  if (v && typeof v === "object") {
    return "{" + Object.keys(v).sort().map((k) => JSON.stringify(k) + ":" + canonical(v[k])).join(",") + "}";
  }
  return JSON.stringify(v);
}

const out = described.map((d) => {
  const v = build(d);
  const isObject = v !== null && typeof v === "object" && !Array.isArray(v);
  return {
    stringify: JSON.stringify(v),
    canonical: canonical(v),
    sortedTopLevel: isObject ? JSON.stringify(v, Object.keys(v).sort()) : null,
  };
});
process.stdout.write(JSON.stringify(out));

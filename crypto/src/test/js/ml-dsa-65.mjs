// Independent ML-DSA-65 (FIPS 204) for the crypto module's cross-check tests.
// Reads one JSON request on stdin, writes one JSON answer on stdout. Byte values are base64.
//   {"op":"keygen","seed":...}                 -> {"publicKey":...}
//   {"op":"sign","seed":...,"message":...}     -> {"publicKey":...,"signature":...}
//   {"op":"verify","publicKey":...,"message":...,"signature":...} -> {"valid":true|false}
import { readFileSync } from "node:fs";
import { ml_dsa65 } from "@noble/post-quantum/ml-dsa.js";

const request = JSON.parse(readFileSync(0, "utf8"));
const bytes = (b64) => new Uint8Array(Buffer.from(b64, "base64"));
const b64 = (u8) => Buffer.from(u8).toString("base64");

let answer;
switch (request.op) {
  case "keygen": {
    const { publicKey } = ml_dsa65.keygen(bytes(request.seed));
    answer = { publicKey: b64(publicKey) };
    break;
  }
  case "sign": {
    const { publicKey, secretKey } = ml_dsa65.keygen(bytes(request.seed));
    answer = { publicKey: b64(publicKey), signature: b64(ml_dsa65.sign(bytes(request.message), secretKey)) };
    break;
  }
  case "verify":
    answer = { valid: ml_dsa65.verify(bytes(request.signature), bytes(request.message), bytes(request.publicKey)) };
    break;
  default:
    throw new Error("unknown op " + request.op);
}
process.stdout.write(JSON.stringify(answer));

/**
 * Watches: an attest request kept alive. {@code POST /v1/watches} signs its first attestation
 * exactly as attest does and remembers the request, a webhook and the verdict; the watch is the
 * caller's (owner key only) until it is deleted or its lifetime ends (docs/watches.md).
 */
package org.walletstate.application.attest.watch;

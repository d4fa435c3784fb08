/** Attestations: signed statements that conditions were evaluated at chain anchors. */
package org.walletstate.domain.attest.attestation;

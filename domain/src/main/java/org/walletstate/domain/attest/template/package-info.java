/** Compliance templates: named EAS attestation checks. */
package org.walletstate.domain.attest.template;

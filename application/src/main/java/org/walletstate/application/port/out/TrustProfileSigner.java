package org.walletstate.application.port.out;

import org.walletstate.domain.payload.PayloadValue;

/**
 * Signs a trust profile whole under the trust kids (P-256 {@code <ns>-trust-v2} and its ML-DSA-65
 * companion {@code <ns>-trust-pq1}), after adding each check's {@code conditionHash} beside its
 * {@code evaluatedCondition}.
 */
public interface TrustProfileSigner {

  /**
   * @param profile the profile as {@code TrustProfile.payload()} lays it out
   * @return the {@code data} text {@code {trust, sig, kid, pqSig, pqKid}}
   */
  String signTrustProfile(PayloadValue.Obj profile);
}

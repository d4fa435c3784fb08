package org.walletstate.application.port.out;

import org.walletstate.domain.payload.PayloadValue;

/**
 * Signs discount verifications: the statement whole, under the discount kid with its ML-DSA-65
 * companion (the verifier SDK's {@code StatementType.DISCOUNT}).
 */
public interface DiscountSigner {

  /**
   * @param discount the statement as {@code DiscountStatement.payload()} lays it out
   * @return the signed text {@code {discount, sig, kid, pqSig, pqKid}}
   * @throws RuntimeException when it cannot be signed (the caller answers 503, nothing stored)
   */
  String signDiscount(PayloadValue.Obj discount);
}

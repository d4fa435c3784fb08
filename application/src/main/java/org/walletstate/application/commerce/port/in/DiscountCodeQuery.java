package org.walletstate.application.commerce.port.in;

import io.smallrye.mutiny.Uni;
import java.util.Optional;
import org.walletstate.domain.commerce.discount.DiscountCode;
import org.walletstate.domain.commerce.discount.IssuedCode;

/** {@code GET /v1/codes/{code}}: a code and its state now. */
public interface DiscountCodeQuery {

  Uni<CodeState> code(DiscountCode code);

  /**
   * @param code the stored code, empty when unknown
   * @param state its state now ({@code NOT_FOUND} when unknown)
   */
  record CodeState(Optional<IssuedCode> code, IssuedCode.State state) {}
}

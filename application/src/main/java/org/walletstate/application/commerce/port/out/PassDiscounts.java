package org.walletstate.application.commerce.port.out;

import io.smallrye.mutiny.Uni;
import java.util.List;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.commerce.Merchant;

/**
 * What a signed-in wallet earns at a merchant, from the merchant's configuration and the wallet's
 * holdings read at anchored blocks. The pass counts as proof of control of the wallet. Implemented
 * over the discount check's use case, so a scan and a discount check of the same wallet agree.
 */
public interface PassDiscounts {

  Uni<Answer> discount(Merchant merchant, EvmAddress wallet);

  sealed interface Answer {
    /**
     * @param discount whole percent the wallet gets
     * @param tier the name of the best tier earned, if any
     * @param earned every tier and collection earned
     */
    record Computed(int discount, java.util.Optional<String> tier, List<Earned> earned)
        implements Answer {}

    /**
     * A read failed: rpc_failure.
     *
     * @param chainIds the wire ids of the chains whose reads did not complete
     */
    record Unavailable(List<Object> chainIds, String reason) implements Answer {}
  }

  /** One tier or collection earned. */
  record Earned(String source, String tier, int discount) {}
}

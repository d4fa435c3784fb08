package org.walletstate.domain.attest.condition;

import java.util.Objects;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.payload.PayloadValue;

/** What a balance is held in: the chain's own asset or an ERC-20 token. */
public sealed interface Asset permits Asset.Native, Asset.Erc20 {

  /** The {@code contractAddress} a signed condition carries. */
  PayloadValue contractAddress();

  /** The chain's own asset ({@code contractAddress: "native"}). */
  record Native() implements Asset {
    @Override
    public PayloadValue contractAddress() {
      return PayloadValue.text("native");
    }
  }

  /** An ERC-20 token contract; signed in its EIP-55 checksummed form. */
  record Erc20(EvmAddress token) implements Asset {
    public Erc20 {
      Objects.requireNonNull(token, "token");
    }

    @Override
    public PayloadValue contractAddress() {
      return PayloadValue.text(token.checksummed());
    }
  }
}

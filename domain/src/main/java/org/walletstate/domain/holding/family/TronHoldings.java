package org.walletstate.domain.holding.family;

import java.math.BigInteger;
import java.util.Optional;
import org.walletstate.domain.address.TronAddress;
import org.walletstate.domain.amount.TokenDecimals;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.tron.TronRead;

/**
 * Tron: TRX in sun (6 decimals) or a TRC-20 token (its T-address, checksum verified; {@code
 * balanceOf} and {@code decimals} read from the token). A TRC-20 {@code balanceOf} can revert.
 *
 * <p>Alike {@link EvmHoldings} and {@link SolanaHoldings} on purpose: each fills the hooks of
 * {@link ContractHoldings} with its own family's forms and reads.
 */
final class TronHoldings extends ContractHoldings<TronAddress> {

  TronHoldings() {
    super(ChainFamily.TRON, TronAddress.class);
  }

  @Override
  String signedForm(String text, String field) {
    return TronAddress.parse(text, field).text();
  }

  @Override
  ChainRead<TokenDecimals> decimalsRead(String contract) {
    return new TronRead.Trc20Decimals(TronAddress.of(contract));
  }

  @Override
  ChainRead<BigInteger> balanceRead(Optional<String> contract, TronAddress wallet) {
    return contract
        .<ChainRead<BigInteger>>map(c -> new TronRead.Trc20Balance(TronAddress.of(c), wallet))
        .orElseGet(() -> new TronRead.TrxSun(wallet));
  }
}

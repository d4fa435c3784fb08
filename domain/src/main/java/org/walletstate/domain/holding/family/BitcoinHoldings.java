package org.walletstate.domain.holding.family;

import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.BitcoinAddress;
import org.walletstate.domain.bitcoin.BitcoinRead;
import org.walletstate.domain.chain.ChainFamily;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.Balance;
import org.walletstate.domain.holding.HoldingFailure;
import org.walletstate.domain.holding.HoldingRead;
import org.walletstate.domain.request.Fields;

/**
 * Bitcoin: only BTC, its confirmed balance in satoshis (8 decimals). Unconfirmed (mempool) funds do
 * not count: they can still be replaced or dropped.
 */
final class BitcoinHoldings extends FixedScaleHoldings<BitcoinAddress> {

  private static final HoldingFailure BALANCE =
      HoldingFailure.of(FailureSource.BALANCE_READ, "BTC balance could not be read");

  BitcoinHoldings() {
    super(ChainFamily.BITCOIN, BitcoinAddress.class, "BTC");
  }

  @Override
  public String contract(String text, String field) {
    throw new ValidationException(field + ": bitcoin has no token contracts, only BTC (native)");
  }

  @Override
  public Asset asset(Fields fields) {
    if (!fields.requiredText("contractAddress").equals(Asset.NATIVE)) {
      throw new ValidationException(
          fields.path("contractAddress")
              + " must be native on bitcoin: only BTC balances are supported there");
    }
    return new Asset.Native();
  }

  @Override
  public Asset asset(String contract, Optional<String> code) {
    if (!contract.equals(Asset.NATIVE) || code.isPresent()) {
      throw new IllegalArgumentException("bitcoin rows are native only");
    }
    return new Asset.Native();
  }

  @Override
  public Set<ChainRead<?>> balanceReads(Asset asset, BitcoinAddress wallet) {
    return Set.of(new BitcoinRead.ConfirmedSats(wallet));
  }

  @Override
  public HoldingRead<Balance> balance(Asset asset, BitcoinAddress wallet, Readings readings) {
    return HoldingRead.of(readings.reading(new BitcoinRead.ConfirmedSats(wallet)), BALANCE)
        .map(Balance::of);
  }
}

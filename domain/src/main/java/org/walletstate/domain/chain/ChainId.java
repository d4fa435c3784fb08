package org.walletstate.domain.chain;

/**
 * The identity of a chain as it appears on the wire: an integer for EVM chains, a fixed word for
 * the others. A {@code ChainId} says nothing about whether the service supports the chain; {@link
 * ChainCatalogue} does.
 */
public sealed interface ChainId permits ChainId.Evm, ChainId.Named {

  /** The JSON form: a number for EVM ids, a string for the others. */
  Object wireValue();

  /** An EIP-155 chain id. */
  record Evm(long value) implements ChainId {
    public Evm {
      if (value <= 0) {
        throw new IllegalArgumentException("EVM chain id must be positive: " + value);
      }
    }

    @Override
    public Object wireValue() {
      return value;
    }

    @Override
    public String toString() {
      return Long.toString(value);
    }
  }

  /** A non-EVM chain, named by its lower-case word ({@code solana}, {@code xrpl}, ...). */
  record Named(String value) implements ChainId {
    public Named {
      if (value == null || value.isEmpty()) {
        throw new IllegalArgumentException("chain name must not be empty");
      }
    }

    @Override
    public Object wireValue() {
      return value;
    }

    @Override
    public String toString() {
      return value;
    }
  }

  static ChainId evm(long value) {
    return new Evm(value);
  }

  static ChainId named(String value) {
    return new Named(value);
  }
}

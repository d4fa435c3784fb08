package org.walletstate.adapters.chain.evm.web3j;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.walletstate.domain.evm.read.EvmRequest;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.Web3jService;
import org.web3j.protocol.core.DefaultBlockParameter;
import org.web3j.protocol.core.Request;
import org.web3j.protocol.core.Response;
import org.web3j.protocol.core.methods.request.Transaction;

/** How {@link Web3jEvmRpc} asks each kind of {@link EvmRequest} in web3j's terms. */
final class Web3jRequests {

  private Web3jRequests() {}

  /** The web3j request asking {@code request} at block {@code at}. */
  static Request<?, ? extends Response<?>> of(
      Web3j web3j, Web3jService service, EvmRequest request, DefaultBlockParameter at) {
    if (request instanceof EvmRequest.EthCall call) {
      return web3j.ethCall(
          Transaction.createEthCallTransaction(null, call.to().lowercase(), call.data().toHex()),
          at);
    }
    if (request instanceof EvmRequest.EthGetBalance balance) {
      return web3j.ethGetBalance(balance.account().lowercase(), at);
    }
    if (request instanceof EvmRequest.EthGetCode code) {
      return web3j.ethGetCode(code.account().lowercase(), at);
    }
    if (request instanceof EvmRequest.EthGetProof proof) {
      List<String> keys = new ArrayList<>();
      proof.storageKeys().forEach(key -> keys.add(key.hex()));
      return web3j.ethGetProof(proof.account().lowercase(), keys, at.getValue());
    }
    if (request instanceof EvmRequest.EthCallWithStorage call) {
      // eth_call's third parameter, a state override: stateDiff keeps the rest of the storage
      Map<String, Object> transaction = new LinkedHashMap<>();
      transaction.put("to", call.to().lowercase());
      transaction.put("data", call.data().toHex());
      Map<String, Object> override =
          Map.of(
              call.to().lowercase(),
              Map.of("stateDiff", Map.of(call.slot().hex(), call.value().hex())));
      return new Request<>(
          "eth_call",
          List.of(transaction, at.getValue(), override),
          service,
          org.web3j.protocol.core.methods.response.EthCall.class);
    }
    throw new IllegalArgumentException("not a request this client knows: " + request);
  }
}

package org.walletstate.adapters.http.nativeimage;

import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.OPTIONS;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import org.walletstate.adapters.http.account.CreditsResource;
import org.walletstate.adapters.http.account.KeysBuyResource;
import org.walletstate.adapters.http.account.KeysResource;
import org.walletstate.adapters.http.account.PlansResource;
import org.walletstate.adapters.http.account.WalletAuthResource;
import org.walletstate.adapters.http.attest.AttestResource;
import org.walletstate.adapters.http.attest.ComplianceTemplatesResource;
import org.walletstate.adapters.http.attest.WatchesResource;
import org.walletstate.adapters.http.commerce.AcpDiscountResource;
import org.walletstate.adapters.http.commerce.CodesResource;
import org.walletstate.adapters.http.commerce.DiscountCheckResource;
import org.walletstate.adapters.http.commerce.DomainVerificationResource;
import org.walletstate.adapters.http.commerce.MerchantConfigurationResource;
import org.walletstate.adapters.http.commerce.MerchantCreditsResource;
import org.walletstate.adapters.http.commerce.MerchantOnboardingResource;
import org.walletstate.adapters.http.commerce.MerchantScannersResource;
import org.walletstate.adapters.http.commerce.MerchantsResource;
import org.walletstate.adapters.http.commerce.OwnedMerchantsResource;
import org.walletstate.adapters.http.commerce.PassResource;
import org.walletstate.adapters.http.commerce.PaymentConfirmResource;
import org.walletstate.adapters.http.commerce.RegistrySubmitResource;
import org.walletstate.adapters.http.commerce.ScannerSessionResource;
import org.walletstate.adapters.http.commerce.TokensResource;
import org.walletstate.adapters.http.commerce.UcpDiscountResource;
import org.walletstate.adapters.http.commerce.VerifyResource;
import org.walletstate.adapters.http.discovery.DiscoveryResource;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.observability.StatusResource;
import org.walletstate.adapters.http.payment.PaymentIntentsResource;
import org.walletstate.adapters.http.signing.JwksResource;
import org.walletstate.adapters.http.tlog.LogResource;
import org.walletstate.adapters.http.trust.TrustResource;
import org.walletstate.adapters.http.x402.PerCallPayments;

/**
 * What a native executable must keep for reflection; a JVM keeps everything anyway. Quarkus already
 * registers what it can see (CDI beans, entities, the declared types of resource methods); these
 * are the uses it cannot see:
 *
 * <ul>
 *   <li>{@code RouteTable} reads the resource classes' methods and their annotations, and the
 *       {@code @HttpMethod} meta-annotation of those annotations, to answer 405 with {@code Allow}.
 *   <li>The resources answer {@code Response} objects whose entities Jackson serializes by
 *       reflection: the envelope records and the records nested in the resources (the nested
 *       classes of each target are registered with it).
 *   <li>web3j's JSON-RPC client serializes its {@code Request} and the call parameters, and
 *       deserializes the responses the chain adapter asks for, with Jackson by reflection.
 * </ul>
 *
 * A test checks that every resource and every public record of this module is listed.
 */
@RegisterForReflection(
    targets = {
      // resources, and the records nested in them
      AttestResource.class,
      ComplianceTemplatesResource.class,
      CreditsResource.class,
      DiscoveryResource.class,
      JwksResource.class,
      KeysResource.class,
      KeysBuyResource.class,
      PlansResource.class,
      TrustResource.class,
      MerchantsResource.class,
      MerchantOnboardingResource.class,
      MerchantConfigurationResource.class,
      MerchantScannersResource.class,
      DomainVerificationResource.class,
      TokensResource.class,
      RegistrySubmitResource.class,
      VerifyResource.class,
      AcpDiscountResource.class,
      UcpDiscountResource.class,
      DiscountCheckResource.class,
      CodesResource.class,
      PaymentConfirmResource.class,
      ScannerSessionResource.class,
      PassResource.class,
      MerchantCreditsResource.class,
      OwnedMerchantsResource.class,
      PaymentIntentsResource.class,
      WalletAuthResource.class,
      StatusResource.class,
      LogResource.class,
      WatchesResource.class,
      // the envelope records
      Envelopes.class,
      // the answers of a payable call (functions to outcomes, not a wire shape): listed with every
      // public record of the module, as the rule keeps them all
      PerCallPayments.Answers.class,
      // the verbs RouteTable recognises through their @HttpMethod annotation
      GET.class,
      POST.class,
      PUT.class,
      DELETE.class,
      PATCH.class,
      HEAD.class,
      OPTIONS.class,
      HttpMethod.class
    },
    // web3j JSON-RPC, named rather than referenced: web3j types stay inside the chain adapter
    classNames = {
      "org.web3j.protocol.core.Request",
      "org.web3j.protocol.core.Response",
      "org.web3j.protocol.core.DefaultBlockParameter",
      "org.web3j.protocol.core.DefaultBlockParameterName",
      "org.web3j.protocol.core.DefaultBlockParameterNumber",
      "org.web3j.protocol.core.methods.request.Transaction",
      "org.web3j.protocol.core.methods.response.EthBlock",
      "org.web3j.protocol.core.methods.response.EthCall",
      "org.web3j.protocol.core.methods.response.EthGetBalance",
      "org.web3j.protocol.core.methods.response.EthGetCode",
      "org.web3j.protocol.core.methods.response.EthGetProof",
      // payments: receipts, the head, and the access pass's mint transactions
      "org.web3j.protocol.core.methods.response.EthGetTransactionReceipt",
      "org.web3j.protocol.core.methods.response.TransactionReceipt",
      "org.web3j.protocol.core.methods.response.Log",
      "org.web3j.protocol.core.methods.response.EthBlockNumber",
      "org.web3j.protocol.core.methods.response.EthGasPrice",
      "org.web3j.protocol.core.methods.response.EthMaxPriorityFeePerGas",
      "org.web3j.protocol.core.methods.response.EthGetTransactionCount",
      "org.web3j.protocol.core.methods.response.EthSendTransaction",
      // settlements: estimated gas and a sent transaction looked up by its hash
      "org.web3j.protocol.core.methods.response.EthEstimateGas",
      "org.web3j.protocol.core.methods.response.EthTransaction"
    })
final class NativeImageReflection {

  private NativeImageReflection() {}
}

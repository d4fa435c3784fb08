package org.walletstate.adapters.http.commerce;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.auth.CurrentCaller;
import org.walletstate.adapters.http.auth.RequiresKey;
import org.walletstate.adapters.http.body.JsonBodies;
import org.walletstate.adapters.http.domaincheck.VertxDomainProbe;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.ratelimit.RateLimited;
import org.walletstate.adapters.http.ratelimit.RatePolicy;
import org.walletstate.application.commerce.port.in.ConfigureMerchantUseCase;
import org.walletstate.application.commerce.port.in.CreateMerchantUseCase;
import org.walletstate.application.commerce.port.in.DomainVerificationUseCase;
import org.walletstate.application.commerce.port.in.MerchantQueries;
import org.walletstate.application.commerce.port.in.OwnerResult;
import org.walletstate.application.commerce.port.in.ScannersUseCase;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.DirectoryQuery;
import org.walletstate.domain.commerce.DomainName;
import org.walletstate.domain.commerce.MerchantLimits;
import org.walletstate.domain.commerce.NewMerchant;
import org.walletstate.domain.commerce.NftCollection;
import org.walletstate.domain.commerce.ScannerChange;
import org.walletstate.domain.commerce.SettingsUpdate;
import org.walletstate.domain.commerce.TokenUpdate;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * {@code /v1/merchants}: onboarding and the owner's configuration and scanners (API key; the owner
 * key only), the public directory and single read (no key).
 */
@Path("/v1/merchants")
@Tag(name = "merchants")
public class MerchantsResource {

  private final CreateMerchantUseCase create;
  private final ConfigureMerchantUseCase configure;
  private final DomainVerificationUseCase verification;
  private final MerchantQueries queries;
  private final ScannersUseCase scanners;
  private final JsonBodies bodies;
  private final CurrentCaller caller;
  private final Envelopes envelopes;

  @Inject
  public MerchantsResource(
      CreateMerchantUseCase create,
      ConfigureMerchantUseCase configure,
      DomainVerificationUseCase verification,
      MerchantQueries queries,
      ScannersUseCase scanners,
      JsonBodies bodies,
      CurrentCaller caller,
      Envelopes envelopes) {
    this.create = create;
    this.configure = configure;
    this.verification = verification;
    this.queries = queries;
    this.scanners = scanners;
    this.bodies = bodies;
    this.caller = caller;
    this.envelopes = envelopes;
  }

  // --- onboarding
  // ---------------------------------------------------------------------------------

  @POST
  @RequiresKey
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Create a merchant owned by the calling key (externalId: idempotent upsert)")
  public Uni<Response> create(byte[] body) {
    NewMerchant request = NewMerchant.parse(bodies.object(body));
    return create
        .create(caller.account(), request)
        .map(
            outcome -> {
              if (outcome instanceof CreateMerchantUseCase.Outcome.Stored stored) {
                return envelopes.ok(MerchantViews.created(stored.merchant(), stored.credits()));
              }
              if (outcome instanceof CreateMerchantUseCase.Outcome.NameTaken taken) {
                throw new ApiError(
                    409,
                    "A merchant named \""
                        + taken.companyName()
                        + "\" already exists; send allowDuplicateName: true to use the name anyway");
              }
              if (outcome instanceof CreateMerchantUseCase.Outcome.IdTaken taken) {
                throw new ApiError(
                    409, "companyId " + taken.id() + " is taken; choose another companyId");
              }
              if (outcome instanceof CreateMerchantUseCase.Outcome.ExternalIdHeld held) {
                throw new ApiError(
                    409,
                    "externalId is already used by this key for merchant "
                        + held.existing()
                        + "; an upsert keeps its companyId");
              }
              if (outcome instanceof CreateMerchantUseCase.Outcome.ExternalIdNotAllowed) {
                throw new ApiError(403, "externalId is for partner-enabled API keys; leave it out");
              }
              int limit = ((CreateMerchantUseCase.Outcome.LimitReached) outcome).limit();
              throw new ApiError(
                  429,
                  "This API key owns "
                      + limit
                      + " merchants, the most one key may own"
                      + (limit == MerchantLimits.PER_KEY
                          ? "; partner-enabled keys may own more"
                          : ""),
                  Map.of("Retry-After", Long.toString(LIMIT_RETRY_SECONDS)));
            });
  }

  /** What a 429 for the merchant limit says: the count does not fall by itself. */
  static final long LIMIT_RETRY_SECONDS = 86_400;

  // --- configuration
  // ------------------------------------------------------------------------------

  @PUT
  @Path("/{id}/tokens")
  @RequiresKey
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Configure the store's own token and partner tokens (owner key)")
  public Uni<Response> tokens(@PathParam("id") String id, byte[] body) {
    CompanyId merchant = merchantId(id);
    TokenUpdate update = TokenUpdate.parse(bodies.object(body));
    return owned(
        merchant,
        key -> configure.tokens(key, merchant, update),
        m -> MerchantViews.tokens(m.tokens()));
  }

  @PUT
  @Path("/{id}/nfts")
  @RequiresKey
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Configure the store's NFT collections (owner key)")
  public Uni<Response> nfts(@PathParam("id") String id, byte[] body) {
    CompanyId merchant = merchantId(id);
    var collections = NftCollection.parseList(bodies.object(body));
    return owned(
        merchant,
        key -> configure.nfts(key, merchant, collections),
        m -> MerchantViews.nfts(m.nftCollections()));
  }

  @PUT
  @Path("/{id}/settings")
  @RequiresKey
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Discount settings and pause (owner key)")
  public Uni<Response> settings(@PathParam("id") String id, byte[] body) {
    CompanyId merchant = merchantId(id);
    SettingsUpdate update = SettingsUpdate.parse(bodies.object(body));
    return owned(
        merchant,
        key -> configure.settings(key, merchant, update),
        m -> MerchantViews.settingsAnswer(m.settings()));
  }

  /**
   * No body is needed, so the method takes any {@code Content-Type} (a bare POST carries none); a
   * body that is sent must be JSON.
   */
  @POST
  @Path("/{id}/directory")
  @RequiresKey
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      summary = "Publish the store in the directory; {listed: false} unpublishes (owner key)")
  public Uni<Response> directory(
      @PathParam("id") String id,
      @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
      byte[] body) {
    CompanyId merchant = merchantId(id);
    boolean listed = true;
    if (body != null && body.length > 0) {
      if (!isJson(contentType)) {
        throw new NotSupportedException();
      }
      RequestValue raw = bodies.object(body).get("listed");
      if (raw instanceof RequestValue.Bool b) {
        listed = b.value();
      } else if (!raw.isMissing()) {
        throw new ValidationException(
            "listed must be a boolean (true or false), not " + raw.kind());
      }
    }
    boolean publish = listed;
    return owned(
        merchant, key -> configure.directory(key, merchant, publish), MerchantViews::directory);
  }

  private static boolean isJson(String contentType) {
    if (contentType == null) {
      return false;
    }
    try {
      MediaType type = MediaType.valueOf(contentType);
      return type.getType().equalsIgnoreCase("application")
          && type.getSubtype().equalsIgnoreCase("json");
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  // --- scanners
  // ---------------------------------------------------------------------------------------

  @POST
  @Path("/{id}/scanners")
  @RequiresKey
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Add a scanner PIN, or remove a scanner (owner key)")
  public Uni<Response> changeScanners(@PathParam("id") String id, byte[] body) {
    CompanyId merchant = merchantId(id);
    ScannerChange change = ScannerChange.parse(bodies.object(body));
    if (change instanceof ScannerChange.Add add) {
      return owned(merchant, key -> scanners.add(key, merchant, add), MerchantViews::scannerAdded);
    }
    String scannerId = ((ScannerChange.Remove) change).scannerId();
    return owned(
        merchant,
        key -> scanners.remove(key, merchant, scannerId),
        removed -> scannerRemoved(merchant, scannerId, removed));
  }

  private static Map<String, Object> scannerRemoved(
      CompanyId merchant, String scannerId, boolean removed) {
    if (!removed) {
      throw new ApiError(404, "Merchant " + merchant + " has no scanner " + scannerId);
    }
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("removed", true);
    v.put("scannerId", scannerId);
    return v;
  }

  @GET
  @Path("/{id}/scanners")
  @RequiresKey
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "The merchant's scanners, without their PINs (owner key)")
  public Uni<Response> scanners(@PathParam("id") String id) {
    CompanyId merchant = merchantId(id);
    return owned(merchant, key -> scanners.list(key, merchant), MerchantViews::scannerList);
  }

  // --- domain verification
  // ------------------------------------------------------------------------

  @POST
  @Path("/{id}/domain-verification")
  @RequiresKey
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Issue a fresh domain-verification token (owner key)")
  public Uni<Response> startVerification(@PathParam("id") String id, byte[] body) {
    CompanyId merchant = merchantId(id);
    DomainName domain = DomainName.parse(Fields.of(bodies.object(body), "").requiredText("domain"));
    return owned(
        merchant,
        key -> verification.start(key, merchant, domain),
        started -> methods(started.domain(), started.token()));
  }

  private static Map<String, Object> methods(DomainName domain, String token) {
    Map<String, Object> dns = new LinkedHashMap<>();
    dns.put("type", "TXT");
    dns.put("host", VertxDomainProbe.DNS_PREFIX + domain);
    dns.put("value", token);
    dns.put(
        "instructions",
        "Add a TXT record named "
            + VertxDomainProbe.DNS_PREFIX
            + domain
            + " whose value is the token, then call PUT on this endpoint.");
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("tag", "<meta name=\"" + VertxDomainProbe.META_NAME + "\" content=\"" + token + "\">");
    meta.put(
        "instructions",
        "Put the tag in the <head> of https://" + domain + "/, then call PUT on this endpoint.");
    Map<String, Object> file = new LinkedHashMap<>();
    file.put("path", VertxDomainProbe.FILE_PATH);
    file.put("content", token);
    file.put(
        "instructions",
        "Serve a file at https://"
            + domain
            + VertxDomainProbe.FILE_PATH
            + " whose content is the token, then call PUT on this endpoint.");
    Map<String, Object> methods = new LinkedHashMap<>();
    methods.put("dns", dns);
    methods.put("meta", meta);
    methods.put("file", file);
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("domain", domain.value());
    v.put("token", token);
    v.put("methods", methods);
    return v;
  }

  @PUT
  @Path("/{id}/domain-verification")
  @RequiresKey
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Check the domain for the token by DNS TXT, meta tag and file (owner key)")
  public Uni<Response> checkVerification(@PathParam("id") String id) {
    CompanyId merchant = merchantId(id);
    return owned(
        merchant, key -> verification.check(key, merchant), check -> checked(merchant, check));
  }

  private static Map<String, Object> checked(
      CompanyId merchant, DomainVerificationUseCase.Check check) {
    Map<String, Object> v = new LinkedHashMap<>();
    if (check instanceof DomainVerificationUseCase.Check.Verified ok) {
      v.put("verified", true);
      v.put("domain", ok.domain().value());
      v.put("method", ok.method().wireName());
      return v;
    }
    if (check instanceof DomainVerificationUseCase.Check.NotVerified no) {
      v.put("verified", false);
      v.put("domain", no.domain().value());
      v.put("message", no.message());
      v.put("attemptsRemaining", no.attemptsRemaining());
      return v;
    }
    long retry = ((DomainVerificationUseCase.Check.Limited) check).retryAfterSeconds();
    throw new ApiError(
        429,
        "Too many domain-verification checks for merchant "
            + merchant
            + "; retry in "
            + retry
            + " seconds",
        Map.of("Retry-After", Long.toString(retry)));
  }

  @PUT
  @Path("/{id}/verification")
  @RequiresKey
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      summary = "A partner-enabled owner key records that it verified the domain in its own flow")
  public Uni<Response> partnerVerification(@PathParam("id") String id, byte[] body) {
    CompanyId merchant = merchantId(id);
    DomainName domain = DomainName.parse(Fields.of(bodies.object(body), "").requiredText("domain"));
    return owned(
        merchant,
        key -> verification.partnerVerified(key, merchant, domain),
        v -> {
          Map<String, Object> out = new LinkedHashMap<>();
          out.put("id", merchant.value());
          Map<String, Object> block = MerchantViews.verification(v);
          block.put("method", v.method().map(x -> x.wireName()).orElse(null));
          out.put("verification", block);
          return out;
        });
  }

  // --- reads
  // --------------------------------------------------------------------------------------

  @GET
  @Path("/{id}/status")
  @RequiresKey
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Private full details of a merchant (owner key)")
  public Uni<Response> status(@PathParam("id") String id) {
    CompanyId merchant = merchantId(id);
    return owned(merchant, key -> queries.status(key, merchant), MerchantViews::status);
  }

  @GET
  @Path("/{id}")
  @RateLimited(RatePolicy.DIRECTORY)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Public details of one published merchant; unpublished or paused is 404")
  public Uni<Response> one(@PathParam("id") String id) {
    CompanyId merchant = merchantId(id);
    return queries
        .publicView(merchant)
        .map(
            found ->
                envelopes.ok(
                    MerchantViews.publicView(found.orElseThrow(() -> notFound(merchant.value())))));
  }

  @GET
  @RateLimited(RatePolicy.DIRECTORY)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Published merchants (paused stores left out), by token symbol and verified")
  public Uni<Response> list(
      @QueryParam("token") String token,
      @QueryParam("verified") String verified,
      @QueryParam("limit") String limit,
      @QueryParam("offset") String offset) {
    DirectoryQuery query = DirectoryQuery.parse(token, verified, limit, offset);
    return queries
        .directory(query)
        .map(
            page -> {
              Map<String, Object> v = new LinkedHashMap<>();
              v.put(
                  "merchants",
                  page.merchants().stream().map(MerchantViews::directoryEntry).toList());
              v.put("total", page.total());
              v.put("limit", query.limit());
              v.put("offset", query.offset());
              return envelopes.ok(v);
            });
  }

  // --- shared
  // -------------------------------------------------------------------------------------

  public static CompanyId merchantId(String id) {
    try {
      return CompanyId.parse(id);
    } catch (ValidationException e) {
      throw notFound(id);
    }
  }

  public static ApiError notFound(String id) {
    String shown = id.length() > 50 ? id.substring(0, 50) + "…" : id;
    return new ApiError(404, "Merchant not found: " + shown);
  }

  /**
   * An operation for the merchant's owner key: {@code call} with the calling key, its result
   * answered by {@link #answer}.
   */
  private <T> Uni<Response> owned(
      CompanyId merchant,
      Function<KeyAccount, Uni<OwnerResult<T>>> call,
      Function<T, Map<String, Object>> view) {
    return call.apply(caller.account()).map(r -> answer(merchant, r, view));
  }

  private <T> Response answer(
      CompanyId id, OwnerResult<T> result, Function<T, Map<String, Object>> view) {
    if (result instanceof OwnerResult.Done<T> done) {
      return envelopes.ok(view.apply(done.value()));
    }
    if (result instanceof OwnerResult.Forbidden<T> forbidden) {
      throw new ApiError(403, forbidden.message());
    }
    if (result instanceof OwnerResult.Conflict<T> conflict) {
      throw new ApiError(409, conflict.message());
    }
    throw notFound(id.value());
  }
}

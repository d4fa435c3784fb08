package org.walletstate.adapters.http;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMethods;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.lang.conditions.ArchConditions;
import com.tngtech.archunit.library.dependencies.Slice;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.util.List;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;
import org.walletstate.adapters.http.mcp.ToolSet;

/**
 * The rules of the hexagon over every module on the application's class path. Each module also
 * checks its own boundary in its own build (domain, application); these are the rules that span
 * modules.
 */
@AnalyzeClasses(
    packages = "org.walletstate",
    importOptions = {ImportOption.DoNotIncludeTests.class, ArchitectureTest.NoTestJars.class})
class ArchitectureTest {

  /** The feature packages of adapters-http, mirroring the domain's and the application's. */
  static final List<String> HTTP_FEATURES =
      List.of("attest", "account", "signing", "trust", "commerce");

  /** Test-support jars (e.g. a module's {@code -tests.jar}) are not production code. */
  static final class NoTestJars implements ImportOption {
    @Override
    public boolean includes(Location location) {
      return !location.contains("-tests.jar") && !location.contains("/devnet/");
    }
  }

  @ArchTest
  static final ArchRule web3jOnlyInTheChainAdapter =
      noClasses()
          .that()
          .resideOutsideOfPackage("org.walletstate.adapters.chain..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("org.web3j..")
          .because("web3j types never cross a port");

  @ArchTest
  static final ArchRule bouncyCastleOnlyInCryptoAndTheVerifier =
      noClasses()
          .that()
          .resideOutsideOfPackages("org.walletstate.crypto..", "org.walletstate.verifier..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("org.bouncycastle..");

  @ArchTest
  static final ArchRule frameworksOnlyInAdapters =
      noClasses()
          .that()
          .resideOutsideOfPackage("org.walletstate.adapters..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("io.quarkus..", "jakarta..", "org.hibernate..", "io.vertx..")
          .because("the domain, use cases, signer and verifier run without a framework");

  @ArchTest
  static final ArchRule resourcesCallOnlyIncomingPorts =
      classes()
          .that()
          .areAnnotatedWith(Path.class)
          .should()
          .onlyDependOnClassesThat(
              resideOutsideOfPackage("org.walletstate.application..")
                  .or(resideInAPackage("org.walletstate.application..port.in..")))
          .because("a resource translates HTTP to a use case's incoming port, and nothing else");

  /** A resource reads its body through its edge object, keyless or not. */
  @ArchTest
  static final ArchRule resourcesReadBodiesThroughTheirEdge =
      noClasses()
          .that()
          .areAnnotatedWith(Path.class)
          .should()
          .dependOnClassesThat()
          .haveFullyQualifiedName("org.walletstate.adapters.http.body.JsonBodies")
          .because("every resource takes one edge object (Exchange or PayableExchange)");

  @ArchTest
  static final ArchRule toolsCallOnlyIncomingPorts =
      classes()
          .that()
          .resideInAPackage("org.walletstate.adapters.http.mcp..")
          .or()
          .implement(ToolSet.class)
          .should()
          .onlyDependOnClassesThat(
              resideOutsideOfPackage("org.walletstate.application..")
                  .or(resideInAPackage("org.walletstate.application..port.in..")))
          .because("a tool is a second door to the same use case as its endpoint, nothing else");

  /** A way of paying is a kind of {@code Payer}; nothing anywhere is an unmetered twin. */
  @ArchTest
  static final ArchRule noUnmeteredTwins =
      noMethods()
          .that()
          .areDeclaredInClassesThat()
          .resideInAPackage("org.walletstate..")
          .should()
          .haveNameMatching("(?i).*unmetered.*")
          .because("a use case has one method per operation and takes the payer");

  /** A feature's tools live beside its resources, not in the tool endpoint's package. */
  @ArchTest
  static final ArchRule toolsLiveBesideTheirFeature =
      classes()
          .that()
          .implement(ToolSet.class)
          .should()
          .resideOutsideOfPackage("org.walletstate.adapters.http.mcp..")
          .because("the tool endpoint dispatches; each feature owns its tools");

  @ArchTest
  static final ArchRule httpFeaturesDoNotUseEachOther =
      slices()
          .matching("org.walletstate.adapters.http.(*)..")
          .that(
              DescribedPredicate.describe(
                  "a feature",
                  (Slice slice) ->
                      HTTP_FEATURES.contains(slice.getDescription().replaceFirst("^Slice ", ""))))
          .should()
          .notDependOnEachOther()
          .because("adapters-http mirrors the features, each on the shared edge");

  @ArchTest
  static final ArchRule noPackageCycles =
      slices().matching("org.walletstate.(**)").should().beFreeOfCycles();

  @ArchTest
  static final ArchRule noGrabBagPackages =
      noClasses()
          .that()
          .resideInAPackage("org.walletstate..")
          .should()
          .resideInAnyPackage(
              "..util..", "..utils..", "..common..", "..helper..", "..helpers..", "..manager..")
          .because("a package is named after the concept it holds");

  /** The composition root's package: one producer class per feature. */
  static final String WIRING = "org.walletstate.adapters.http.wiring";

  @ArchTest
  static final ArchRule producersLiveInTheCompositionRoot =
      methods()
          .that()
          .areAnnotatedWith(Produces.class)
          .should()
          .beDeclaredInClassesThat()
          .resideInAPackage(WIRING)
          .because("the object graph is built in one place, split by feature");

  @ArchTest
  static final ArchRule producersBuildWhatTheyProduce =
      methods()
          .that()
          .areAnnotatedWith(Produces.class)
          .should(notTakeWhatTheyProduce())
          .because(
              "a producer that hands on a bean it is given only renames it: a service of several"
                  + " ports names them in @Typed on the one producer that builds it");

  @ArchTest
  static final ArchRule storesAreBuiltByTheRoot =
      noClasses()
          .that()
          .resideInAPackage("org.walletstate.adapters.persistence..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("jakarta.enterprise..", "jakarta.inject..")
          .because("StoresWiring builds every PostgreSQL adapter as the port it answers");

  /** The annotations by which a class registers itself as a bean, outside the root. */
  static final List<Class<? extends Annotation>> SELF_REGISTERING =
      List.of(
          ApplicationScoped.class,
          Singleton.class,
          RequestScoped.class,
          Dependent.class,
          Startup.class);

  /** The REST filter and exception-mapper annotations Quarkus REST finds on a bean's methods. */
  static final List<Class<? extends Annotation>> REST_HOOKS =
      List.of(ServerRequestFilter.class, ServerResponseFilter.class, ServerExceptionMapper.class);

  /**
   * What the framework can only reach on a class registered by its own annotation: a resource
   * ({@code @Path}, created by Quarkus REST), a REST filter or exception mapper (found by its
   * methods' annotations), an observer ({@code @Observes Router}, start-up and shut-down: an
   * observer method sits on a bean of its own class), and per-request state ({@code RequestScoped},
   * opened and closed by Quarkus with the request). docs/architecture.md lists the classes and says
   * why for each.
   */
  static final DescribedPredicate<JavaClass> FRAMEWORK_REQUIRED =
      DescribedPredicate.describe(
          "a resource, a REST filter or exception mapper, an observer, or request-scoped state",
          (JavaClass c) ->
              c.isAnnotatedWith(Path.class)
                  || c.isAnnotatedWith(RequestScoped.class)
                  || c.getMethods().stream()
                      .anyMatch(
                          m ->
                              REST_HOOKS.stream().anyMatch(m::isAnnotatedWith)
                                  || m.getParameters().stream()
                                      .anyMatch(p -> p.isAnnotatedWith(Observes.class))));

  static final DescribedPredicate<JavaClass> SELF_REGISTERED =
      DescribedPredicate.describe(
          "register themselves as beans (a scope or @Startup on the class)",
          (JavaClass c) -> SELF_REGISTERING.stream().anyMatch(c::isAnnotatedWith));

  @ArchTest
  static final ArchRule httpBeansAreBuiltByTheRoot =
      classes()
          .that()
          .resideInAPackage("org.walletstate.adapters.http..")
          .and()
          .resideOutsideOfPackage(WIRING)
          .and(SELF_REGISTERED)
          .should(ArchConditions.be(FRAMEWORK_REQUIRED))
          .because(
              "the composition root builds every bean with new (one producer class per feature);"
                  + " only what the framework itself must find by annotation registers itself");

  @ArchTest
  static final ArchRule oneSigner =
      noClasses()
          .that()
          .doNotHaveFullyQualifiedName(WIRING + ".SigningWiring")
          .should()
          .callConstructorWhere(
              DescribedPredicate.describe(
                  "the signer's constructor",
                  call ->
                      call.getTargetOwner()
                          .isEquivalentTo(org.walletstate.crypto.DualAttestationSigner.class)))
          .because(
              "one signer makes every signed statement; its metered views are made from it in"
                  + " SigningWiring");

  private static ArchCondition<JavaMethod> notTakeWhatTheyProduce() {
    return new ArchCondition<>("not hand on a parameter of the type they produce") {
      @Override
      public void check(JavaMethod producer, ConditionEvents events) {
        JavaClass produced = producer.getRawReturnType();
        boolean buildsOrChooses =
            !producer.getConstructorCallsFromSelf().isEmpty()
                || !producer.getMethodCallsFromSelf().isEmpty();
        if (buildsOrChooses) {
          return;
        }
        for (JavaClass parameter : producer.getRawParameterTypes()) {
          if (parameter.isAssignableTo(produced.getName())) {
            events.add(
                SimpleConditionEvent.violated(
                    producer,
                    producer.getFullName()
                        + " passes its "
                        + parameter.getSimpleName()
                        + " through as "
                        + produced.getSimpleName()));
          }
        }
      }
    };
  }
}

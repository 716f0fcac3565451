"""Word lists the extraction rules share: what is generic, and which head nouns mark which concept type."""

from __future__ import annotations

# Words that never make a concept on their own, whatever rule found them.
GENERIC_WORDS = frozenset(
    [
        "code", "codes", "codebase", "layer", "layers", "block", "blocks", "foundation", "foundations", "method",
        "methods", "approach", "approaches", "version", "versions", "variant", "variants", "trick", "tricks",
        "implementation", "implementations",
        "model", "models", "framework", "frameworks", "technique", "techniques", "algorithm", "algorithms", "system",
        "systems", "architecture", "architectures", "network", "networks", "module", "modules", "scheme", "schemes",
        "strategy", "strategies", "solution", "solutions", "tool", "tools", "mechanism", "mechanisms", "procedure",
        "procedures", "paradigm", "paradigms", "pipeline", "pipelines", "performance", "experiment", "experiments",
        "result", "results", "paper", "papers", "work", "works", "study", "studies", "analysis", "analyses", "task",
        "tasks", "problem", "problems", "setting", "settings", "data", "dataset", "datasets", "benchmark", "benchmarks",
        "baseline", "baselines", "metric", "metrics", "measure", "measures", "evaluation", "evaluations", "theory",
        "theorem", "theorems", "property", "properties", "effect", "effects", "issue", "issues", "challenge",
        "challenges", "limitation", "limitations", "advantage", "advantages", "improvement", "improvements",
        "application", "applications", "domain", "domains", "case", "cases", "way", "ways", "term", "terms", "number",
        "amount", "set", "sets", "state", "art", "state-of-the-art", "sota", "literature", "field", "area", "areas",
        "variant", "variants", "version", "versions", "component", "components", "design", "designs", "process",
        "processes", "step", "steps", "stage", "stages", "level", "levels", "type", "types", "form", "forms",
        "function", "functions", "value", "values", "feature", "features", "information", "knowledge", "quality",
        "efficiency", "effectiveness", "accuracy", "robustness", "generalization", "scalability", "complexity", "cost",
        "costs", "time", "training", "inference", "learning", "prediction", "predictions", "representation",
        "representations", "structure", "structures", "parameter", "parameters", "objective", "objectives", "loss",
        "losses", "error", "errors", "bound", "bounds", "guarantee", "guarantees", "insight", "insights", "idea",
        "ideas", "formulation", "formulations", "implementation", "implementations", "extension", "extensions",
        "alternative", "alternatives", "technique-based", "method-based", "family", "class", "classes", "kind", "kinds",
        "manner", "practice", "practices", "point", "points", "researcher", "researchers", "user", "users", "human",
        "humans", "people", "agent", "agents", "ability", "abilities", "capability", "capabilities", "gain", "gains",
        "rate", "rates", "size", "sizes", "order", "orders", "range", "variety", "lot", "lots", "part", "parts", "rest",
        "end", "fact", "aspect", "aspects", "goal", "goals", "aim", "aims", "purpose", "question", "questions",
        "answer", "answers", "need", "needs", "use", "uses", "context", "contexts", "input", "inputs", "output",
        "outputs", "sample", "samples", "example", "examples", "instance", "instances", "score", "scores"
    ]
)

# Modifiers stripped from the front of a phrase: they say how the authors feel, not what the thing is.
FRONT_MODIFIERS = frozenset(
    [
        "large-scale", "small-scale", "real-world", "high-quality", "versatile", "theoretical", "algorithmic",
        "empirical", "fast", "faster", "accurate", "seamless", "unbiased", "complex", "representative", "superior",
        "moderately", "highly", "specialized", "inflexible", "benign", "reliable", "precise", "stable", "consistent",
        "better", "high-performing", "efficiently", "carefully", "simple", "naive", "vanilla", "improved", "a", "an",
        "the", "our", "their", "its", "this", "these", "those", "that", "such", "which", "each", "every", "any", "all",
        "some", "many", "several", "various", "novel", "new", "existing", "proposed", "current", "recent", "prior",
        "previous", "standard", "popular", "powerful", "efficient", "effective", "challenging", "important", "crucial",
        "critical", "key", "main", "major", "widely", "commonly", "traditional", "typical", "classical", "classic",
        "conventional", "modern", "advanced", "pre-trained", "pretrained", "sophisticated", "promising", "remarkable",
        "significant", "great", "strong", "extensive", "different", "diverse", "multiple", "numerous", "other", "same",
        "similar", "particular", "specific", "certain", "general", "generic", "state-of-the-art", "sota", "leading",
        "well-known", "well-established", "first", "second", "latest", "emerging", "successful", "fundamental",
        "penultimate", "last", "final", "hidden", "intermediate", "output", "input", "top", "bottom",
        "principled", "unified", "holistic", "comprehensive", "practical", "scalable", "flexible", "lightweight",
        "elegant", "so-called", "original", "respective", "corresponding", "underlying", "resulting", "given", "above",
        "following", "rigorous", "reasonable", "careful", "thorough", "detailed", "innovative", "user-friendly", "good",
        "excellent", "impressive", "competitive", "desirable", "satisfactory", "appealing", "compelling",
        "available", "publicly", "freely", "open-source", "foundational"
    ]
)

# Trailing words dropped from a phrase's end ("node classification tasks" -> "node classification").
TRAILING_WORDS = frozenset(
    [
        "task", "tasks", "problem", "problems", "setting", "settings", "scenario", "scenarios", "domain", "domains",
        "application", "applications", "approach", "approaches", "method", "methods", "technique", "techniques",
        "framework", "frameworks", "paradigm", "strategy", "strategies"
    ]
)

TASK_HEADS = frozenset(
    [
        "classification", "detection", "segmentation", "generation", "prediction", "recognition", "estimation",
        "translation", "summarization", "summarisation", "answering", "retrieval", "forecasting", "optimization",
        "optimisation", "reconstruction", "editing", "inversion", "outpainting", "inpainting", "super-resolution",
        "synthesis", "tracking", "captioning", "planning", "control", "compression", "adaptation", "generalization",
        "generalisation", "interpretation", "interpretability", "explainability", "quantification", "mitigation",
        "protection", "defense", "defence", "approximation", "minimization", "minimisation", "maximization",
        "clustering", "regression", "ranking", "recommendation", "matching", "completion", "localization",
        "localisation", "parsing", "tagging", "understanding", "reasoning", "navigation", "manipulation", "grounding",
        "alignment", "discovery", "imputation", "denoising", "deblurring", "restoration", "registration",
        "correspondence", "search", "identification", "verification", "attribution", "unlearning", "labeling",
        "labelling", "annotation", "transcription", "diarization", "separation", "enhancement", "coloring",
        "colorization", "extraction", "induction", "poisoning", "elimination", "selection", "sampling", "testing",
        "calibration", "attack", "attacks", "perception", "learning", "inference", "processing", "categorization",
        "categorisation", "matting", "counting", "relighting", "stylization", "anticipation", "forecast"
    ]
)

METHOD_HEADS = frozenset(
    [
        "model", "models", "network", "networks", "net", "nets", "transformer", "transformers", "algorithm",
        "algorithms", "mechanism", "mechanisms", "architecture", "architectures", "encoder", "encoders", "decoder",
        "decoders", "autoencoder", "autoencoders", "estimator", "estimators", "optimizer", "optimizers", "module",
        "modules", "layer", "layers", "technique", "techniques", "scheme", "schemes", "objective", "regularization",
        "regularizer", "regularizers", "transform", "transformation", "embedding", "embeddings", "kernel", "kernels",
        "sampler", "samplers", "solver", "solvers", "flow", "flows", "plot", "plots", "function", "functions",
        "machine", "machines", "policy", "policies", "procedure", "operator", "operators", "attention", "distillation",
        "averaging", "decay", "dropout", "normalization", "pooling", "convolution", "convolutions", "tuning",
        "prompting", "descent", "method", "methods", "process", "processes", "filter", "filters", "tree", "trees",
        "forest", "forests", "classifier", "classifiers", "regressor", "regressors", "head", "heads", "block", "blocks",
        "bootstrapping", "representation", "representations", "construction", "strategy", "strategies", "framework",
        "frameworks", "initialization", "initialisation", "augmentation"
    ]
)

DATASET_HEADS = frozenset(
    [
        "dataset", "datasets", "benchmark", "benchmarks", "corpus", "corpora", "suite", "suites", "environment",
        "environments", "challenge", "database", "databases", "testbed", "testbeds", "collection", "leaderboard",
        "simulator", "simulators"
    ]
)

METRIC_HEADS = frozenset(
    [
        "accuracy", "score", "scores", "error", "errors", "rate", "rates", "distance", "divergence", "precision",
        "recall", "f1", "auc", "perplexity", "bleu", "rouge", "psnr", "ssim", "fid", "ratio", "rating"
    ]
)

# Heads too general to make a concept with any modifier: 'AI model', 'reasoning process', 'quantitative results'
# name something only when the modifier is mostly used with the head ('teacher model'); see specificity.py.
GENERIC_HEADS = frozenset(
    [
        "model", "network", "method", "approach", "framework", "system", "algorithm", "technique", "process",
        "procedure", "result", "mechanism", "strategy", "scheme", "module", "component", "pipeline", "architecture",
        "methodology", "solution", "paradigm", "tool", "design", "setting", "task", "problem", "performance",
        "capability", "ability", "adaptation", "analysis", "study", "formulation", "function", "representation",
        "feature", "information", "structure", "technology", "application", "data", "training", "way", "manner",
        "version", "variant", "trick",
    ]
)
# What a thing a paper builds is called: 'a new FooNet architecture', 'an algorithm, FooUCB'.
KIND_NOUNS = frozenset(["algorithm", "method", "framework", "approach", "model", "architecture", "technique", "module"])
# ... also, with 'our' or 'the proposed' before it, the paper's own ('our tele-teaching pipeline', 'the proposed loss')
OWN_KINDS = KIND_NOUNS | frozenset(["system", "pipeline", "scheme", "strategy", "mechanism", "procedure", "paradigm",
                                    "policy", "encoder", "decoder", "network", "loss"])
# What a name is the name of when a common noun follows it: 'the FooNet backbone', 'FooLM outputs'. Any other
# noun after a name makes it part of a longer term ('Givens rotations', 'Foo-Bar gradient flow').
NAME_HEADS = OWN_KINDS | frozenset(
    ["system", "pipeline", "scheme", "platform", "tool", "toolkit", "library", "package", "backbone", "agent",
     "controller", "planner", "simulator", "variant", "version", "family", "series", "layer", "block", "head",
     "score", "metric", "loss", "attack", "embedding", "feature", "representation", "output", "prediction",
     "response", "decoding", "estimator", "classifier", "detector", "tokenizer", "optimizer", "solver", "kernel",
     "code", "implementation", "checkpoint", "weight", "baseline", "paradigm", "objective", "update", "step",
     "rule", "test", "protocol", "dataset", "benchmark", "task", "data", "problem", "setting", "game"])
# ... and, after a capitalised phrase, not part of a name ('the Foo Bar approach' names 'Foo Bar')
GENERIC_OBJECT_WORDS = KIND_NOUNS | frozenset(["system", "network", "pipeline", "strategy", "scheme"])
# What a descriptive proposal is a kind of: 'a portable bimanual teleoperation system'. Where the paper names its
# proposal (FooBot), such a phrase only describes it.
KIND_HEADS = frozenset(
    [
        "system", "framework", "approach", "method", "methodology", "model", "pipeline", "paradigm", "technique",
        "scheme", "strategy", "algorithm", "architecture", "platform", "tool", "toolkit", "solution", "interface",
        "engine", "procedure", "mechanism"
    ]
)

# Names ending so are datasets and benchmarks: 'FooBench', 'Foo-Gym', 'ImageNet-LT', 'FooQA'.
DATASET_NAME_SUFFIXES = ("Bench", "bench", "-Gym", "Gym", "-LT", "QA", "Set", "-1K", "-21K", "Corpus")

# Sensors and modalities: what data is, not a method or a task ('LiDAR', 'RGB', 'aerial imagery'); label keys.
MODALITIES = frozenset(
    [
        "rgb", "lidar", "radar", "sonar", "eeg", "ecg", "emg", "meg", "fmri", "mri", "ct", "pet", "x ray", "xray",
        "ultrasound", "infrared", "thermal", "depth", "rgb d", "rgbd", "imu", "gps", "electroencephalography",
        "electrocardiogram", "electrocardiography", "magnetic resonance imaging", "computed tomography",
        "functional magnetic resonance imaging", "aerial imagery", "satellite imagery", "aerial image",
        "satellite image", "event camera", "rgb image", "depth image", "depth map", "point cloud", "hyperspectral",
        "multispectral", "audio", "speech", "video", "image", "text", "thermal image", "infrared image",
        "light detection and ranging", "inertial measurement unit", "global positioning system", "virtual reality",
        "augmented reality", "vr", "ar", "high definition", "hd", "raw", "srgb", "dvs", "rgb dvs", "rgbt", "rgb t",
        "ehr", "electronic health record",
    ]
)

# Ways of learning rather than problems to solve: a paper that names one outside its title and its opening topic
# trains or builds with it ('the policy is trained with deep reinforcement learning'), so it is a method there.
PARADIGMS = frozenset(
    [
        "reinforcement learning", "deep reinforcement learning", "offline reinforcement learning",
        "online reinforcement learning", "model-based reinforcement learning", "hierarchical reinforcement learning",
        "inverse reinforcement learning", "multi-agent reinforcement learning",
        "goal-conditioned reinforcement learning", "safe reinforcement learning", "self-supervised learning",
        "multi-task learning", "meta-learning", "imitation learning", "bilevel optimization", "transfer learning",
        "semi-supervised learning", "supervised learning", "unsupervised learning", "continual pretraining",
        "prompt learning"
    ]
)

METHOD_KINDS = frozenset(["technique", "techniques", "method", "methods", "approach", "approaches", "algorithm",
                          "algorithms", "module", "modules", "framework", "strategy", "scheme", "procedure",
                          "mechanism", "operator", "layer", "loss"])

# Heads that name an outcome to reach: 'a character recognition method' is a method for a task, and the task
# stays one. Other task heads name a way of working ('sampling', 'selection', 'optimization'), and 'an
# error-aware sampling method' is a method.
OUTCOME_HEADS = frozenset(["classification", "detection", "segmentation", "prediction", "recognition", "estimation",
                           "translation", "summarization", "answering", "retrieval", "forecasting", "reconstruction",
                           "restoration", "extraction", "tracking", "captioning", "recommendation", "localization",
                           "parsing", "tagging", "completion", "inpainting", "denoising", "deblurring",
                           "super-resolution", "synthesis", "editing", "understanding", "navigation", "manipulation",
                           "grounding", "verification", "identification", "generation", "imputation", "diagnosis",
                           "registration", "transcription", "diarization", "localisation", "summarisation"])

HARDWARE_NOUNS = frozenset(["platform", "robot", "arm", "gripper", "hand", "quadruped", "humanoid", "drone",
                            "headset", "device", "camera", "sensor", "chip", "board", "car", "vehicle"])

# What experiments are run on: 'we evaluate on FooBench', 'results on Foo-CE and Bar', 'trained on FooData'.
EXPERIMENT_WORDS = frozenset(["experiment", "evaluate", "test", "result", "train", "benchmark", "performance",
                              "achieve", "stateoftheart", "sota", "outperform", "surpass", "excel",
                              "evaluation", "validate", "experimentation", "pretrain", "finetune", "conduct",
                              "accuracy", "score", "validation", "study"])

# What names a model rather than a technique: 'large language model', 'vision transformer'
MODEL_WORDS = frozenset(["model", "models", "llm", "llms", "lm", "lms", "transformer", "transformers", "network",
                         "networks", "agent", "agents", "classifier", "detector", "encoder"])

# Words that say a phrase is about others' work: 'existing methods such as X', 'outperforms prior baselines'.
PRIOR_WORK_WORDS = frozenset(
    [
        "existing", "prior", "previous", "current", "conventional", "traditional", "competing", "baseline",
        "baselines", "competitor", "competitors", "state-of-the-art", "sota", "alternative", "alternatives",
        "earlier", "classical", "mainstream"
    ]
)
# ... and, before 'work' or 'studies' as the subject of 'introduce', 'propose': 'Recent work introduces X'
PRIOR_SUBJECT_WORDS = PRIOR_WORK_WORDS | frozenset(["recent", "related", "other", "past", "many", "several", "some"])
# What a paper calls itself: 'this paper', 'our work'; with 'we', who does what the paper does.
OWN_NOUNS = frozenset(["paper", "work", "study", "article", "letter", "thesis", "contribution", "contributions"])
AUTHOR_SUBJECTS = frozenset(["we", "i"]) | OWN_NOUNS
# Words that claim a quality for what follows: 'superior decision-making', 'better generalization'
CLAIM_WORDS = frozenset(["superior", "better", "improved", "enhanced", "stronger", "higher", "remarkable",
                         "impressive", "excellent", "competitive", "strong", "greater", "outstanding"])

# What introduces the name an author gives: 'a platform called Lantern', 'a method dubbed FooNet'
NAMING_WORDS = frozenset(["called", "named", "termed", "dubbed", "coined", "denoted"])

# What a paper does with a method it takes up ('we employ X', 'by adopting X', 'X is used', 'we build on X')
USE_VERBS = frozenset(["use", "employ", "leverage", "adopt", "utilize", "utilise", "apply", "base", "build",
                       "combine", "integrate", "incorporate", "rely", "exploit"])

# Natural languages (and the peoples' adjectives that name them), which a results sentence lists as it lists
# datasets: 'translation on English, French and German'
LANGUAGE_NAMES = frozenset(
    [
        "english", "french", "german", "spanish", "portuguese", "italian", "dutch", "russian", "polish", "czech",
        "ukrainian", "romanian", "greek", "turkish", "arabic", "hebrew", "persian", "farsi", "urdu", "hindi",
        "bengali", "tamil", "telugu", "marathi", "gujarati", "punjabi", "nepali", "chinese", "mandarin",
        "cantonese", "japanese", "korean", "vietnamese", "thai", "indonesian", "malay", "tagalog", "filipino",
        "swahili", "amharic", "yoruba", "hausa", "igbo", "zulu", "xhosa", "somali", "finnish", "estonian",
        "hungarian", "swedish", "norwegian", "danish", "icelandic", "latvian", "lithuanian", "bulgarian",
        "serbian", "croatian", "slovak", "slovenian", "basque", "catalan", "galician", "welsh", "irish", "latin",
        "sanskrit", "kazakh", "uzbek", "mongolian", "tibetan", "burmese", "khmer", "lao", "sinhala", "pashto",
        "kurdish", "armenian", "georgian", "azerbaijani", "albanian", "macedonian", "maltese", "afrikaans",
        "european", "american", "african", "asian", "indian", "british", "canadian", "australian"
    ]
)

# The last part of a hyphenated word that tells how a thing works, not what it is: 'quadratic-time', 'graph-based'
MANNER_PARTS = frozenset(["time", "based", "free", "aware", "efficient", "level", "order", "stage", "step", "scale",
                          "driven", "agnostic", "guided", "dependent", "independent", "specific"])

# Nouns that name a technique without '-ing' or a method head: '... via Dual Degradation Alignment'
TECHNIQUE_HEADS = frozenset(["regularization", "regularisation", "distillation", "augmentation", "alignment",
                             "supervision", "factorization", "factorisation", "decomposition", "quantization",
                             "interpolation", "propagation", "aggregation", "fusion", "refinement", "calibration",
                             "correlation", "search", "inference", "optimization", "optimisation", "relaxation",
                             "approximation", "matching", "transplantation", "reweighting", "selection"])

# What a paper claims of its method beside a quality: 'the effectiveness and interpretability of our model'
QUALITY_NOUNS = frozenset(["accuracy", "effectiveness", "efficiency", "performance", "superiority", "scalability",
                           "robustness", "generalization", "generalisation", "improvement", "efficacy", "utility"])

# words that open examples of what comes before them: 'tasks such as X', 'problems, including X', 'e.g. X'
EXAMPLE_MARKERS = frozenset(["e.g.", "eg", "e.g", "such", "including", "like", "namely"])

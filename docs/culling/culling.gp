$d0 << EOD
460 11.25 0 376.57971385541816 0.323148 0.022874 0.001244
1920 9.63888888888889 0.25 194.12514690137397 1.504136 0.085972 0.0038
7476 38.583333333333336 0 98.8907912212464 13.584822 0.400567 0.004481
29904 28.86111111111111 0.25 50.79261610621384 57.182377 5.917498 0.011128
121036 80.08333333333333 0.896551724137931 26.692509507837045 147.504429 12.542701 0.015667
EOD
$d1 << EOD
460 54.916666666666664 0.7272727272727273 2.0539295749568867 0.772203 0.049708 0.029911
1920 22.583333333333332 0.28 2.044691798201681 11.727986 0.219227 0.027098
7476 113.91666666666667 0.76 2.038860343587886 38.136693 1.102253 0.045347
29904 45.02777777777778 0.28 2.046414246961078 163.132525 8.526453 0.053508
121036 175.25 0.8461538461538461 2.0544374490371706 412.542179 29.655413 0.073217
EOD
$d2 << EOD
536 3.9634831460674156 0.47023809523809523 35.71016871889948 0.182332 0.023477 0.127239
1978 3.641318397242568 0.4103150406504065 20.22699922981616 0.764096 0.108246 0.648207
7598 3.635069409261323 0.4125595238095238 12.141524781139063 7.728541 0.374923 7.171841
29976 4.02121190611395 0.46338242762823767 8.203108606599072 39.878606 5.920128 39.79991
121946 4.259583122269757 0.5154393895207543 6.857399085710626 114.636794 31.932118 174.757832
EOD
$d3 << EOD
536 11.521535580524345 0.44025157232704404 2.0909112597577724 0.702521 0.062705 0.560735
1978 11.6813873330461 0.4308484551250613 2.1684693725714794 6.849801 0.218524 6.917586
7598 11.77915695612524 0.43137819774141506 2.3300946183048676 33.588754 0.927864 29.956897
29976 12.569196006057165 0.46885839239933647 2.6782547588369563 125.241285 4.44221 105.55194
121946 12.738872143118659 0.5216896921486265 3.4291818193018124 519.348223 42.232044 547.385339
EOD
set terminal pngcairo size 900,600 noenhanced
set logscale x
set xlabel 'patches (faces of both surfaces)'
set key outside right top
set grid
set output 'bv_tests_per_contact.png'
set logscale y
set ylabel 'BV tests per contact pair'
plot $d0 using 1:2 with linespoints title 'sphere_on_block aabb', $d1 using 1:2 with linespoints title 'sphere_on_block obb', $d2 using 1:2 with linespoints title 'coaxial_cylinders aabb', $d3 using 1:2 with linespoints title 'coaxial_cylinders obb'
set output 'false_positive_ratio.png'
unset logscale y
set yrange [0:1]
set ylabel 'false-positive candidates / candidates'
plot $d0 using 1:3 with linespoints title 'sphere_on_block aabb', $d1 using 1:3 with linespoints title 'sphere_on_block obb', $d2 using 1:3 with linespoints title 'coaxial_cylinders aabb', $d3 using 1:3 with linespoints title 'coaxial_cylinders obb'
set output 'tightness.png'
set autoscale y
set logscale y
set ylabel 'patch BV volume / (area x 2 x search distance)'
plot $d0 using 1:4 with linespoints title 'sphere_on_block aabb', $d1 using 1:4 with linespoints title 'sphere_on_block obb', $d2 using 1:4 with linespoints title 'coaxial_cylinders aabb', $d3 using 1:4 with linespoints title 'coaxial_cylinders obb'
set terminal pngcairo size 900,1200 noenhanced
set output 'times.png'
set multiplot layout 3,1
set ylabel 'build time, both trees (ms)'
plot $d0 using 1:5 with linespoints title 'sphere_on_block aabb', $d1 using 1:5 with linespoints title 'sphere_on_block obb', $d2 using 1:5 with linespoints title 'coaxial_cylinders aabb', $d3 using 1:5 with linespoints title 'coaxial_cylinders obb'
set ylabel 'refit time, both trees (ms)'
plot $d0 using 1:6 with linespoints title 'sphere_on_block aabb', $d1 using 1:6 with linespoints title 'sphere_on_block obb', $d2 using 1:6 with linespoints title 'coaxial_cylinders aabb', $d3 using 1:6 with linespoints title 'coaxial_cylinders obb'
set ylabel 'query time, both trees (ms)'
plot $d0 using 1:7 with linespoints title 'sphere_on_block aabb', $d1 using 1:7 with linespoints title 'sphere_on_block obb', $d2 using 1:7 with linespoints title 'coaxial_cylinders aabb', $d3 using 1:7 with linespoints title 'coaxial_cylinders obb'
unset multiplot
